import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { fileUrl } from '../lib/api';

export interface Doc {
  description: string;
  fileId: string | null;
  fileName: string | null;
}

/** Document descriptions with their file names; a click opens the file (fetched with the session). */
export default function DocumentList({ documents }: { documents: Doc[] }) {
  if (documents.length === 0) return <Typography variant="body2" color="text.secondary">No documents.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
      {documents.map((d, i) => (
        <Box component="li" key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <AttachFileIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="body2">
            {d.description}
            {d.fileId && (
              <>
                {' — '}
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={async () => {
                    const url = await fileUrl(d.fileId!);
                    window.open(url, '_blank', 'noopener');
                  }}
                >
                  {d.fileName ?? 'open file'}
                </Link>
              </>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
