import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useContent } from '../../config';
import type { PageProps } from '../../config';
import PageHero from '../../components/PageHero';
import NotFoundPage from '../../components/NotFoundPage';

/** A text page from the content file (Invest, FundRaising, About and the four policy pages). */
export default function ContentPage({ props }: PageProps) {
  const content = useContent();
  const page = content.pages[String(props.key) as keyof typeof content.pages];
  if (!page) return <NotFoundPage />;
  return (
    <>
      <PageHero title={page.title} intro={page.intro} />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {page.sections.map((s) => (
          <Box component="section" key={s.heading} sx={{ mb: 4 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {s.heading}
            </Typography>
            <Typography sx={{ fontSize: 17, lineHeight: 1.7 }}>{s.text}</Typography>
          </Box>
        ))}
        {page.cta && page.cta.length > 0 && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
            {page.cta.map((c, i) => (
              <Button key={c.to} component={RouterLink} to={c.to} variant={i === 0 ? 'contained' : 'outlined'} size="large">
                {c.label}
              </Button>
            ))}
          </Box>
        )}
      </Container>
    </>
  );
}
