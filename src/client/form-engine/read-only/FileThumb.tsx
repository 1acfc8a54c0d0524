import { useEffect, useState } from 'react';

/**
 * A stored file (`file:<id>`, resolved through the page's `fileUrl`) or a picked image (`data:image/…`) as a
 * thumbnail that opens the full image in a new tab. `label` names the image for screen readers.
 */
export default function FileThumb({ value, label, fileUrl }: { value: string; label: string; fileUrl?: (fileId: string) => Promise<string> }) {
  const stored = value.startsWith('file:') ? value.slice(5) : null;
  const [src, setSrc] = useState<string | null>(stored ? null : value);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!stored) return;
    let live = true;
    setSrc(null);
    setFailed(false);
    if (!fileUrl) {
      setFailed(true);
      return;
    }
    fileUrl(stored).then(
      (url) => live && setSrc(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [stored, fileUrl]);

  if (failed) {
    return (
      <span className="t-body2 t-muted">{fileUrl ? 'The file could not be loaded.' : 'A stored file'}</span>
    );
  }
  if (!src) return <span className="skeleton" style={{ width: 112, height: 84 }} role="progressbar" aria-label={`Loading ${label}`} />;
  return (
    <a href={src} target="_blank" rel="noopener" aria-label={`${label} (opens the full image)`} className="file-thumb">
      <img src={src} alt="" loading="lazy" />
    </a>
  );
}
