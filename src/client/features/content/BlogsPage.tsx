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

/** The blog: articles from the content file. */
export default function BlogsPage() {
  const content = useContent();
  const posts = [...content.blogs].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <>
      <PageHero title="Blogs" intro="How Halal Fund works, and what we learn along the way." />
      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Grid container spacing={3}>
          {posts.map((p) => (
            <Grid key={p.slug} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/blogs/${p.slug}`} sx={{ height: '100%', alignItems: 'flex-start' }}>
                  <CardContent>
                    <Typography variant="overline" color="text.secondary">
                      {formatDate(p.date)}
                    </Typography>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {p.title}
                    </Typography>
                    <Typography color="text.secondary">{p.summary}</Typography>
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
