import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useContent } from '../../config';
import Logo from '../Logo';
import Newsletter from './Newsletter';

/** The footer: about, project categories, links, newsletter and contact, from the content file. */
export default function Footer() {
  const content = useContent();
  const f = content.footer;
  const heading = { variant: 'h6', component: 'h2', sx: { mb: 1.5, color: 'common.white' } } as const;
  const links = [...content.nav.flatMap((n) => (n.children ? n.children : [{ label: n.label, to: n.to! }]))];
  return (
    <Box component="footer" className="on-dark" sx={{ bgcolor: '#0a2a20', color: '#d7e5df', pt: 6, pb: 3, mt: 'auto' }}>
      <Container>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo light />
            <Typography sx={{ mt: 2, maxWidth: 360 }}>{f.about}</Typography>
            <Typography sx={{ mt: 2 }}>
              {content.contact.address}
              <br />
              <Link href={`mailto:${content.contact.email}`} color="inherit">
                {content.contact.email}
              </Link>{' '}
              · {content.contact.phone}
            </Typography>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <Typography {...heading}>Projects</Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {f.projectCategories.map((c) => (
                <li key={c.label}>
                  <Link component={RouterLink} to={`/projects?category=${encodeURIComponent(c.category)}`} color="inherit" underline="hover">
                    {c.label}
                  </Link>
                </li>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <Typography {...heading}>Links</Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {links.map((l) => (
                <li key={l.to}>
                  <Link component={RouterLink} to={l.to} color="inherit" underline="hover">
                    {l.label}
                  </Link>
                </li>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography {...heading}>{f.newsletterTitle}</Typography>
            <Typography sx={{ mb: 2 }}>{f.newsletterText}</Typography>
            <Newsletter />
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ borderTop: '1px solid rgba(255,255,255,0.15)', mt: 5, pt: 2, textAlign: 'center' }}>
          {f.copyright}
        </Typography>
      </Container>
    </Box>
  );
}
