import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A page's title band. */
export default function PageHero({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <Box sx={{ background: 'linear-gradient(135deg, #064a35 0%, #0b6e4f 60%, #3d9a78 100%)', color: 'common.white', py: { xs: 5, md: 7 } }}>
      <Container>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 44 } }}>
          {title}
        </Typography>
        {intro && (
          <Typography sx={{ mt: 1.5, maxWidth: 720, fontSize: 18, opacity: 0.92 }}>{intro}</Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
