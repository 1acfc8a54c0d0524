import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useContent } from '../../config';
import PageHero from '../../components/PageHero';
import NotFoundPage from '../../components/NotFoundPage';
import { formatDate } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';

/** One article. */
export default function BlogPostPage() {
  const { t, language } = useWords();
  const content = useContent();
  const { slug } = useParams();
  const post = content.blogs.find((p) => p.slug === slug);
  if (!post) return <NotFoundPage />;
  return (
    <>
      <PageHero title={t(post.title)} intro={formatDate(post.date, language)} />
      <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 6 } }}>
        {post.body.map((para, i) => (
          <Typography key={i} sx={{ fontSize: 17, lineHeight: 1.8, mb: 2 }}>
            {t(para)}
          </Typography>
        ))}
        <Button component={RouterLink} to="/blogs" startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
          {t('All articles')}
        </Button>
      </Container>
    </>
  );
}
