import { Link as RouterLink } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useContent } from '../../config';
import PageHero from '../../components/PageHero';
import { formatDate } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';

/** The blog: articles from the content file. */
export default function BlogsPage() {
  const { t, language } = useWords();
  const content = useContent();
  const posts = [...content.blogs].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <>
      <PageHero title={t('Blogs')} intro={t('How Halal Fund works, and what we learn along the way.')} />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Grid container spacing={3}>
          {posts.map((p) => (
            <Grid key={p.slug} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/blogs/${p.slug}`} sx={{ height: '100%', alignItems: 'flex-start' }}>
                  <CardContent>
                    {/* A date as the product writes it (25 Jan 2027, ২৫ জানুয়ারি ২০২৭), not in capitals. */}
                    <Typography variant="body2" component="p" color="text.secondary" sx={{ mb: 0.5 }}>
                      {formatDate(p.date, language)}
                    </Typography>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {t(p.title)}
                    </Typography>
                    <Typography color="text.secondary">{t(p.summary)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </>
  );
}
