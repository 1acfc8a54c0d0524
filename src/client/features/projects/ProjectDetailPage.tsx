/**
 * Project detail: gallery, summary, the actions that fit the viewer (owner or investor), the figures table of the
 * spec computed by the server, the video, details and the three help questions. Drawn in plain CSS
 * (src/client/ui/site.css), so a visitor's first use of the page loads no Material.
 */
import { PROJECT_IMAGE_FIELDS } from '../../../shared/forms/code-fields';
import { useSearchParams } from 'react-router-dom';
import { useContent } from '../../config';
import { useApi } from '../../lib/use-api';
import { fileUrl } from '../../lib/api';
import { FormReadOnlyView, LoadingDetails } from '../../form-engine/read-only';
import { publishedFormPath } from '../../lib/forms-api';
import CategoryTag from '../../components/CategoryTag';
import ProgressBar from '../../components/ProgressBar';
import Money from '../../components/Money';
import { STATUS_LABEL } from '../../components/ProjectCard';
import { formatDate } from '../../../shared/format/dates';
import { ErrorState, Loading } from '../../components/Status';
import NotFoundPage from '../../components/NotFoundPage';
import RepaymentRecord from './RepaymentRecord';
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import { LinkButton } from '../../ui/Button';
import { Icon, arrowBack, expandMore } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { gap } from '../../ui/grid';
import { FUNDING_MODEL } from '../../components/funding-model';
import { fundingModelText, goalNotReachedText, goalNotReachedTitle } from './funding-words';
import ShariahReviewLine from './ShariahReviewLine';
import ProjectGallery from './ProjectGallery';
import ProjectActions from './ProjectActions';
import ProjectVideo from './ProjectVideo';
import ProjectFigures from './ProjectFigures';

/** Answers the page already shows in its own layout: the summary, the video and the gallery's images. */
const SHOWN_ABOVE = ['briefDescrip', 'busExViLink', ...PROJECT_IMAGE_FIELDS];

export default function ProjectDetailPage() {
  const { t, language } = useWords();
  const content = useContent();
  const [params] = useSearchParams();
  // An id that cannot be a project's is not asked for: the page is not found (404 from the server).
  const raw = params.get('id');
  const id = raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? raw : null;
  const { data: project, error, loading, reload } = useApi(id ? `/projects/${id}` : null);
  // The form its details were given with, asked like the project (it comes with a server-rendered page, so the
  // details are in the page's HTML, not left to its code). The view waits for this answer rather than asking again.
  const detailsForm = useApi(project ? publishedFormPath('project-owner', project.formVersion) : null);
  if (!id) return <NotFoundPage />;
  if (loading) return <Loading label={t('Loading the project…')} />;
  if (error?.status === 404) return <NotFoundPage />;
  if (error || !project) {
    return (
      <div className="container" style={{ paddingTop: 32, paddingBottom: 32 }}>
        <ErrorState message={error?.message ?? t('The project could not be loaded.')} onRetry={reload} />
      </div>
    );
  }

  const f = project.figures;
  return (
    <div className="container project-page">
      <LinkButton to={project.mine ? '/dashboard/project' : '/projects'} startIcon={<Icon path={arrowBack} size="inherit" />} style={{ marginBottom: 16 }}>
        {project.mine ? t('Back to my projects') : t('Back to projects')}
      </LinkButton>
      {project.goalNotReached ? (
        <Notice tone={project.goalNotReached.refundsDue > 0 ? 'warning' : 'info'} style={{ marginBottom: 16 }}>
          <strong>{goalNotReachedTitle(project.goalNotReached, t)}</strong>. {goalNotReachedText(project.goalNotReached, t, language)}
        </Notice>
      ) : project.status !== 'open' && (
        <Notice tone={project.status === 'rejected' ? 'warning' : 'info'} style={{ marginBottom: 16 }}>
          {t('This project is {status}.', { status: language === 'en' ? STATUS_LABEL[project.status].toLowerCase() : t(STATUS_LABEL[project.status]) })}
          {project.staffNote ? ` ${t('Staff note: {note}', { note: project.staffNote })}` : ''}
        </Notice>
      )}
      <div className="grid" style={gap(32)}>
        <div className="col-12 col-md-7">
          <ProjectGallery project={project} />
        </div>
        <div className="col-12 col-md-5">
          <CategoryTag label={t(project.category)} style={{ marginBottom: 8 }} />
          <h1 className="t-h4 t-gutter">{project.title}</h1>
          <p className="t-body t-muted" style={{ marginBottom: 16 }}>
            {t('By {name}', { name: project.ownerName ?? '' })} · {formatDate(project.approvedAt ?? project.createdAt, language)}
          </p>
          <div className="grid" style={{ ...gap(8), marginBottom: 16 }}>
            {[
              [t('Pledged'), <Money key="p" amount={f.pledged} />],
              [t('{count, plural, one {Backer} other {Backers}}', { count: f.backers }), formatNumber(f.backers, language)],
              [f.daysLeft === null ? t('Days Left') : t('{count, plural, one {Day Left} other {Days Left}}', { count: f.daysLeft }), f.daysLeft === null ? '—' : formatNumber(f.daysLeft, language)],
            ].map(([label, value]) => (
              <div key={String(label)} className="paper-outlined stat-tile" style={{ '--span': 4 } as React.CSSProperties}>
                <p className="t-body t-strong">{value}</p>
                <p className="t-body2 t-muted">{label}</p>
              </div>
            ))}
          </div>
          <ProgressBar value={f.progressBar} height={10} label={t('{percent}% of the goal raised', { percent: formatNumber(f.progressPercent, language) })} />
          <p className="t-body" style={{ marginTop: 8, marginBottom: 8 }}>
            {t('Raised')} <strong><Money amount={f.raised} /></strong> {t('of {goal} ({percent}%)', { goal: formatMoney(f.goal, language), percent: formatNumber(f.progressPercent, language) })}
          </p>
          <p className="t-body2" style={{ marginBottom: project.shariahReview ? 8 : 24 }}>
            <strong>{t(FUNDING_MODEL[project.fundingModel].label)}</strong>: {fundingModelText(project.fundingModel, t)}
          </p>
          {project.shariahReview ? (
            <ShariahReviewLine review={project.shariahReview} isPublic={project.status !== 'pending_review' && project.status !== 'rejected'} style={{ marginBottom: 24 }} />
          ) : null}
          <ProjectActions project={project} />
        </div>
      </div>

      <div className="grid" style={{ ...gap(32), marginTop: 8 }}>
        <div className="col-12 col-md-7">
          <h2 className="t-h5 t-gutter">{t('About the project')}</h2>
          <p className="t-body" style={{ marginBottom: 16, whiteSpace: 'pre-line' }}>
            {project.summary}
          </p>
          <ProjectVideo project={project} />
        </div>
        <div className="col-12 col-md-5">
          <h2 className="t-h5 t-gutter">{t('Figures')}</h2>
          <div className="paper-outlined">
            <ProjectFigures project={project} />
          </div>
          <RepaymentRecord projectId={project.id} />
        </div>
      </div>

      <section style={{ marginTop: 40 }} aria-labelledby="details-heading">
        <h2 id="details-heading" className="t-h5 t-gutter">
          {t('Project details')}
        </h2>
        <div className="paper-outlined details-panel">
          {detailsForm.loading ? (
            <LoadingDetails />
          ) : (
            <FormReadOnlyView formId="project-owner" formVersion={project.formVersion} published={detailsForm.data ?? undefined} data={project.details} fileUrl={fileUrl} omit={SHOWN_ABOVE} />
          )}
        </div>
      </section>

      <section style={{ marginTop: 40 }} aria-labelledby="help-heading">
        <h2 id="help-heading" className="t-h5 t-gutter">
          {t('Need help?')}
        </h2>
        <div className="faq">
          {/* The help questions are site content; their Bengali comes with this page (features/projects/words.bn.json). */}
          {content.help.map((q) => (
            <details key={q.question}>
              <summary>
                <span>{t(q.question)}</span>
                <Icon path={expandMore} className="faq-chevron" />
              </summary>
              <p className="t-body">{t(q.answer)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
