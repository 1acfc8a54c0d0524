/** Above the invest form opened from a project page: the offer is made to that project. */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectView } from '../../../../shared/api/views';

export default function ProjectOfferPanel({ project }: { project: ProjectView }) {
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      You are making an offer to{' '}
      <Link component={RouterLink} to={`/projectDetails?id=${project.id}`} sx={{ fontWeight: 600 }}>
        {project.title}
      </Link>
      . Its owner sees it among the project's investors and can invite you; it stays open for other owners too. To invest in this project
      directly, send an agreement request instead.
    </Alert>
  );
}
