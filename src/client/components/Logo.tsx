import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { useContent } from '../config';

/** The site's name with its mark, linking home. */
export default function Logo({ light = false }: { light?: boolean }) {
  const content = useContent();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${content.siteName} home`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: light ? 'common.white' : 'primary.dark' }}
    >
      <Box component="img" src="/images/logo.svg" alt="" width={36} height={36} />
      <Box component="span" sx={{ fontFamily: 'Poppins, sans-serif', fontWeight: 700, fontSize: 22, letterSpacing: 0.2 }}>
        {content.siteName}
      </Box>
    </Box>
  );
}
