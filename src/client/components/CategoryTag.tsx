import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { sxList } from '../lib/sx';

/**
 * A project's category on its card and page: a gold pill, as Material's filled secondary Chip draws one. Its own few
 * lines rather than Chip, whose code (about 2.5 kB gzip: its delete icon, clickable and outlined variants) every page
 * with a project card would load for a label.
 */
export default function CategoryTag({ label, small = false, sx }: { label: string; small?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: small ? 24 : 32,
          px: small ? 1 : 1.5,
          borderRadius: 4,
          fontSize: 13,
          fontWeight: 600,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
        },
        ...sxList(sx),
      ]}
    >
      {label}
    </Box>
  );
}
