import { useEffect, useState, type CSSProperties } from 'react';
import { fileUrl } from '../lib/api';

/** Each business category's own drawn picture (the scenes of scripts/lib/demo-scenes.ts; `npx tsx scripts/category-art.ts` writes them; "Other" and unknown: the default). */
const CATEGORY_ART: Record<string, string> = {
  Education: '/images/category-education.svg',
  'Medical & Health': '/images/category-health.svg',
  Technology: '/images/category-tech.svg',
  'Web Development': '/images/category-web.svg',
  'Food & Clothes': '/images/category-food.svg',
  'Organic Foods': '/images/category-organic.svg',
  'Video & Movies': '/images/category-film.svg',
  Agriculture: '/images/category-agriculture.svg',
};

/**
 * A project image. Public projects' images are plain URLs (cacheable); others need the session, so they are fetched
 * as blobs. A project without images shows its category's illustration.
 */
export default function ProjectImage({
  fileId,
  category,
  alt,
  isPublic,
  height = 200,
  eager = false,
}: {
  fileId?: string;
  category: string;
  alt: string;
  isPublic: boolean;
  /** One height, or one from each width up (xs, sm ≥ 600 px, md ≥ 900 px). */
  height?: number | string | { xs?: number; sm?: number; md?: number };
  eager?: boolean;
}) {
  const [src, setSrc] = useState<string | null>(fileId && isPublic ? `/api/v1/files/${fileId}` : null);
  useEffect(() => {
    let live = true;
    if (!fileId) setSrc(null);
    else if (isPublic) setSrc(`/api/v1/files/${fileId}`);
    else fileUrl(fileId).then((u) => live && setSrc(u), () => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [fileId, isPublic]);
  const px = (h: number | string | undefined) => (typeof h === 'number' ? `${h}px` : h);
  const heights: { xs?: number | string; sm?: number; md?: number } = typeof height === 'object' ? height : { xs: height };
  const xs = px(heights.xs) ?? 'auto';
  const sm = px(heights.sm) ?? xs;
  const md = px(heights.md) ?? sm;
  return (
    <img
      src={src ?? CATEGORY_ART[category] ?? '/images/category-default.svg'}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      draggable={false}
      className="project-image"
      style={{ '--h': xs, '--h-sm': sm, '--h-md': md } as CSSProperties}
    />
  );
}
