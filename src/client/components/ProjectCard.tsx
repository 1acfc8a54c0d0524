import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ProjectView } from '../../shared/api/views';
import ProjectImage from './ProjectImage';
import CategoryTag from './CategoryTag';
import ProgressBar from './ProgressBar';
import Money from './Money';
import { formatDate } from '../../shared/format/dates';
import { countOf } from '../../shared/format/count';

export const STATUS_LABEL: Record<ProjectView['status'], string> = {
  pending_review: 'Waiting for review',
  open: 'Open',
  rejected: 'Rejected',
  funded: 'Funded',
  closed: 'Closed',
};

/**
 * A project card: image, category, author, title, raised with separators, progress bar, date. `heading` is the title's
 * level: h3 under a section's h2 (the home page), h2 where the cards come straight under the page's h1.
 */
export default function ProjectCard({ project, action = 'details', heading = 'h3' }: { project: ProjectView; action?: 'details' | 'donate'; heading?: 'h2' | 'h3' }) {
  const f = project.figures;
  const isPublic = ['open', 'funded', 'closed'].includes(project.status);
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Box sx={{ position: 'relative' }}>
        <ProjectImage fileId={project.images[0]} category={project.category} alt={project.title} isPublic={isPublic} />
        <CategoryTag label={project.category} small sx={{ position: 'absolute', left: 12, top: 12 }} />
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          By {project.ownerName || 'the owner'} · {formatDate(project.approvedAt ?? project.createdAt)}
        </Typography>
        <Typography variant="h6" component={heading} sx={{ lineHeight: 1.3 }}>
          {project.title}
        </Typography>
        <Box sx={{ mt: 'auto' }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2">
              Raised <strong><Money amount={f.raised} /></strong>
            </Typography>
            <Typography variant="body2" color="primary" sx={{ fontWeight: 700 }}>
              {f.progressPercent}%
            </Typography>
          </Box>
          <ProgressBar value={f.progressBar} label={`${f.progressPercent}% of the goal raised`} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Goal <Money amount={f.goal} /> · {countOf(f.backers, 'backer')}
            {f.daysLeft !== null && project.status === 'open' ? ` · ${countOf(f.daysLeft, 'day left', 'days left')}` : ` · ${STATUS_LABEL[project.status]}`}
          </Typography>
        </Box>
        {action === 'donate' ? (
          <Button component={RouterLink} to={`/donate?project=${project.id}`} variant="contained" color="secondary" sx={{ mt: 1 }} aria-label={`Donate to ${project.title}`}>
            Donate
          </Button>
        ) : (
          <Button component={RouterLink} to={`/projectDetails?id=${project.id}`} variant="outlined" sx={{ mt: 1 }} aria-label={`See details of ${project.title}`}>
            See Details
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
