import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import type { ProjectPage } from '../../../shared/api/views';
import ProjectCard from '../../components/ProjectCard';
import { EmptyState, ErrorState, Loading } from '../../components/Status';

/** Success Story: the projects that reached their goal. */
export default function SuccessStoryPage() {
  const { data, error, loading, reload } = useApi<ProjectPage>('/projects?status=funded&sort=most_funded&limit=50');
  if (loading) return <Loading label="Loading funded projects…" />;
  if (error) return <ErrorState message={error.message} onRetry={reload} />;
  if (!data?.items.length) return <EmptyState title="No project has reached its goal yet." text="Funded projects are celebrated here." />;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        These projects raised their whole goal through accepted agreements and confirmed donations.
      </Typography>
      <Grid container spacing={3}>
        {data.items.map((p) => (
          <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <ProjectCard project={p} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
