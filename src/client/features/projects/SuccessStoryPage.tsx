import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import ProjectCard from '../../components/ProjectCard';
import { ApiItems, EmptyState } from '../../components/Status';
import { useWords } from '../../lib/words';

/** Success Story: the projects that reached their goal. */
export default function SuccessStoryPage() {
  const { t } = useWords();
  const state = useApi('/projects?status=funded&sort=most_funded&limit=50');
  return (
    <ApiItems
      state={state}
      loadingLabel={t('Loading funded projects…')}
      empty={<EmptyState title={t('No project has reached its goal yet.')} text={t('Funded projects are celebrated here.')} />}
    >
      {(items) => (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('These projects raised their whole goal through accepted agreements and confirmed donations.')}
          </Typography>
          <Grid container spacing={3}>
            {items.map((p) => (
              <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <ProjectCard project={p} heading="h2" />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </ApiItems>
  );
}
