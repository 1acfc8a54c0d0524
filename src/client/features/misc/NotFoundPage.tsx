import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A real 404 page: says what happened and offers ways on. */
export default function NotFoundPage() {
  const location = useLocation();
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h2" component="p" color="primary" aria-hidden>
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        There is nothing at <Box component="code" sx={{ wordBreak: 'break-all' }}>{location.pathname}</Box>. The link may be old, or
        the page may have moved.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/">
          Go to the home page
        </Button>
        <Button variant="outlined" component={RouterLink} to="/projects">
          Browse projects
        </Button>
      </Box>
    </Container>
  );
}
