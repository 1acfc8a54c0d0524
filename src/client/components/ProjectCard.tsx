import { LinkButton } from '../ui/Button';
import type { ProjectView } from '../../shared/api/views';
import ProjectImage from './ProjectImage';
import CategoryTag from './CategoryTag';
import ProgressBar from './ProgressBar';
import Money from './Money';
import { formatDate } from '../../shared/format/dates';
import { FUNDING_MODEL } from './funding-model';
import { useWords } from '../lib/words';

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
  const Heading = heading;
  const { t, language } = useWords();
  return (
    <div className="card project-card">
      <div style={{ position: 'relative' }}>
        <ProjectImage fileId={project.images[0]} category={project.category} alt={project.title} isPublic={isPublic} />
        <CategoryTag label={project.category} small style={{ position: 'absolute', left: 12, top: 12 }} />
      </div>
      <div className="card-content project-card-body">
        <p className="t-body2 t-muted">
          {project.ownerName ? t('By {name}', { name: project.ownerName }) : t('By the owner')} · {formatDate(project.approvedAt ?? project.createdAt, language)} · {t(FUNDING_MODEL[project.fundingModel].label)}
        </p>
        <Heading className="t-h6" style={{ lineHeight: 1.3 }}>
          {project.title}
        </Heading>
        <div style={{ marginTop: 'auto' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
            <p className="t-body2">
              {t('Raised')} <strong><Money amount={f.raised} /></strong>
            </p>
            <p className="t-body2 t-strong" style={{ color: 'var(--primary)' }}>
              {f.progressPercent}%
            </p>
          </div>
          <ProgressBar value={f.progressBar} label={t('{percent}% of the goal raised', { percent: f.progressPercent })} />
          <p className="t-body2 t-muted" style={{ marginTop: 4 }}>
            {t('Goal')} <Money amount={f.goal} /> · {t('{count, plural, one {# backer} other {# backers}}', { count: f.backers })}
            {f.daysLeft !== null && project.status === 'open'
              ? ` · ${t('{count, plural, one {# day left} other {# days left}}', { count: f.daysLeft })}`
              : ` · ${t(project.goalNotReached ? 'Goal not reached' : STATUS_LABEL[project.status])}`}
          </p>
        </div>
        {action === 'donate' ? (
          <LinkButton to={`/donate?project=${project.id}`} variant="contained" color="secondary" style={{ marginTop: 8 }} aria-label={t('Donate to {title}', { title: project.title })}>
            {t('Donate')}
          </LinkButton>
        ) : (
          <LinkButton to={`/projectDetails?id=${project.id}`} variant="outlined" style={{ marginTop: 8 }} aria-label={t('See details of {title}', { title: project.title })}>
            {t('See Details')}
          </LinkButton>
        )}
      </div>
    </div>
  );
}
