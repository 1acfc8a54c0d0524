import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { fileUrl } from '../lib/api';

/** A stored image fetched with the session (documents under review), with its caption. */
export default function StoredImage({ fileId, caption }: { fileId: string; caption: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fileUrl(fileId).then((u) => live && setSrc(u), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [fileId]);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {src ? (
        <Box component="a" href={src} target="_blank" rel="noopener" sx={{ display: 'block' }}>
          <Box component="img" src={src} alt={caption} sx={{ width: '100%', maxHeight: 220, objectFit: 'contain', bgcolor: '#f1f4f3', borderRadius: 1, border: 1, borderColor: 'divider' }} />
        </Box>
      ) : failed ? (
        <Typography color="error">The image could not be loaded.</Typography>
      ) : (
        <Skeleton variant="rounded" height={160} />
      )}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {caption}
      </Typography>
    </Box>
  );
}
