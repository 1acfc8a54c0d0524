import { useLayoutEffect, useRef, useState } from 'react';
import type { ProjectView } from '../../../shared/api/views';
import ProjectImage from '../../components/ProjectImage';
import { formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

/**
 * The project's images: one shown large, the others a thumbnail's press away. Every image is in the page (the hidden
 * ones load only when shown), so a thumbnail pressed before the code has arrived shows its image at once: /boot.js
 * swaps them by the same marks (`data-gallery-to`, `hidden`, `aria-pressed`) and notes the choice on the gallery
 * (`data-gallery-active`), which this code takes as its state when it runs.
 */
export default function ProjectGallery({ project }: { project: ProjectView }) {
  const { t, language } = useWords();
  const [active, setActive] = useState(0);
  const gallery = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const chosen = Number(gallery.current?.dataset.galleryActive ?? 0);
    if (chosen > 0) setActive(chosen);
  }, []);
  const isPublic = ['open', 'funded', 'closed'].includes(project.status);
  const images = project.images.slice(0, 5);
  const shown: (string | undefined)[] = images.length ? images : [undefined];
  return (
    <div className="gallery" ref={gallery}>
      <div className="gallery-main">
        {shown.map((id, i) => (
          <div key={id ?? 'art'} className="gallery-slide" hidden={i !== active}>
            <ProjectImage fileId={id} category={project.category} alt={t('{title}, image {n}', { title: project.title, n: formatNumber(i + 1, language) })} isPublic={isPublic} height={{ xs: 240, md: 380 }} eager={i === 0} />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        // A list of toggle buttons: the list and its items keep their roles, each button says which image it shows
        // and whether it is the one shown (a button with role="listitem" lost its button role and aria-pressed).
        <ul aria-label={t('Project images')} className="plain-list gallery-thumbs">
          {images.map((id, i) => (
            <li key={id}>
              <button type="button" onClick={() => setActive(i)} aria-label={t('Show image {n} of {total}', { n: formatNumber(i + 1, language), total: formatNumber(images.length, language) })} aria-pressed={i === active} className="gallery-thumb" data-gallery-to={i}>
                <ProjectImage fileId={id} category={project.category} alt="" isPublic={isPublic} height={56} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
