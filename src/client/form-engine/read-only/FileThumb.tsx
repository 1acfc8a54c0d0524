import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

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
      <Typography component="span" variant="body2" color="text.secondary">
        {fileUrl ? 'The file could not be loaded.' : 'A stored file'}
      </Typography>
    );
  }
  if (!src) return <Skeleton variant="rounded" width={112} height={84} role="progressbar" aria-label={`Loading ${label}`} />;
  return (
    <Box
      component="a"
      href={src}
      target="_blank"
      rel="noopener"
      aria-label={`${label} (opens the full image)`}
      sx={{ display: 'inline-block', lineHeight: 0, borderRadius: 1, border: 1, borderColor: 'divider', overflow: 'hidden', '&:hover': { borderColor: 'primary.main' } }}
    >
      <Box component="img" src={src} alt="" loading="lazy" sx={{ width: 112, height: 84, objectFit: 'cover', bgcolor: '#f1f4f3', display: 'block' }} />
    </Box>
  );
}
