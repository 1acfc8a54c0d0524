/**
 * Project detail: gallery, summary, the actions that fit the viewer (owner or investor), the figures table of the
 * spec computed by the server, the video, details and the three help questions. Drawn in plain CSS
 * (src/client/ui/site.css), so a visitor's first use of the page loads no Material.
 */
import { PROJECT_IMAGE_FIELDS } from '../../../shared/forms/code-fields';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useContent } from '../../config';
import { useApi } from '../../lib/use-api';
import { fileUrl } from '../../lib/api';
import { FormReadOnlyView, LoadingDetails } from '../../form-engine/read-only';
import { publishedFormPath } from '../../lib/forms-api';
import type { PublishedDefinition } from '../../form-engine/definitions';
import { useAuth } from '../../lib/auth';
import type { ProjectView } from '../../../shared/api/views';
import ProjectImage from '../../components/ProjectImage';
import CategoryTag from '../../components/CategoryTag';
import ProgressBar from '../../components/ProgressBar';
import Money from '../../components/Money';
import { STATUS_LABEL } from '../../components/ProjectCard';
import { formatDate } from '../../../shared/format/dates';
import { ErrorState, Loading } from '../../components/Status';
import NotFoundPage from '../../components/NotFoundPage';
import RepaymentRecord from './RepaymentRecord';
import { countOf, noun } from '../../../shared/format/count';
import { formatMoney } from '../../../shared/domain/money';
import { LinkButton } from '../../ui/Button';
import { Icon, arrowBack, expandMore, help } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { gap } from '../../ui/grid';
import { FUNDING_MODEL, goalNotReachedText, goalNotReachedTitle } from '../../components/funding-model';
import FiguresTable from '../../components/FiguresTable';
import ShariahReviewLine from '../../components/ShariahReviewLine';

/** Answers the page already shows in its own layout: the summary, the video and the gallery's images. */
const SHOWN_ABOVE = ['briefDescrip', 'busExViLink', ...PROJECT_IMAGE_FIELDS];

/** An embeddable URL for a YouTube or Vimeo link (null for anything else: shown as a plain link). */
export function embedUrl(link: string | null): string | null {
  if (!link) return null;
  const yt = /(?:youtube\.com\/watch\?v=|youtu\.be\/|youtube\.com\/embed\/)([\w-]{6,})/.exec(link);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = /vimeo\.com\/(\d+)/.exec(link);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

export function repaymentText(p: ProjectView): string {
  const r = p.figures.repayment;
  const initial = Number(r.initialInstalment) > 0 ? formatMoney(r.initialInstalment) : null;
  // DOMAIN.md: each investor's first instalment is their share of the initial instalment stated for the whole goal.
  const share = `an initial instalment (${initial} on the whole goal, each investor's share in proportion)`;
  if (r.type === 'On-time') {
    return r.instalments === 2
      ? `On-time: ${share} after 1 month, the rest after ${countOf(r.overMonths, 'month')}`
      : `On-time: one payment after ${countOf(r.overMonths, 'month')}`;
  }
  const plan = `Recurring: every ${countOf(r.everyMonths ?? 0, 'month')} over ${countOf(r.overMonths, 'month')} (${countOf(r.instalments, 'instalment')})`;
  return initial && r.instalments >= 2 ? `${plan}, the first being ${share}` : plan;
}

/**
 * The project's images: one shown large, the others a thumbnail's press away. Every image is in the page (the hidden
 * ones load only when shown), so a thumbnail pressed before the code has arrived shows its image at once: /boot.js
 * swaps them by the same marks (`data-gallery-to`, `hidden`, `aria-pressed`) and notes the choice on the gallery
 * (`data-gallery-active`), which this code takes as its state when it runs.
 */
function Gallery({ project }: { project: ProjectView }) {
  const [active, setActive] = useState(0);
  const gallery = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const chosen = Number(gallery.current?.dataset.galleryActive ?? 0);
    if (chosen > 0) setActive(chosen);
  }, []);
  const isPublic = ['open', 'funded', 'closed'].includes(project.status);
  const images = project.images.slice(0, 5);
  const shown: (string | undefined)[] = images.length ? images : [undefined];
  return (
    <div className="gallery" ref={gallery}>
      <div className="gallery-main">
        {shown.map((id, i) => (
          <div key={id ?? 'art'} className="gallery-slide" hidden={i !== active}>
            <ProjectImage fileId={id} category={project.category} alt={`${project.title}, image ${i + 1}`} isPublic={isPublic} height={{ xs: 240, md: 380 }} eager={i === 0} />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        // A list of toggle buttons: the list and its items keep their roles, each button says which image it shows
        // and whether it is the one shown (a button with role="listitem" lost its button role and aria-pressed).
        <ul aria-label="Project images" className="plain-list gallery-thumbs">
          {images.map((id, i) => (
            <li key={id}>
              <button type="button" onClick={() => setActive(i)} aria-label={`Show image ${i + 1} of ${images.length}`} aria-pressed={i === active} className="gallery-thumb" data-gallery-to={i}>
                <ProjectImage fileId={id} category={project.category} alt="" isPublic={isPublic} height={56} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A help button whose text shows beside it while it is pointed at, focused or pressed (a tooltip: the button is
 * described by it); Escape hides it.
 */
function HelpTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="help-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="icon-btn help-tip-button"
        aria-label={label}
        aria-describedby={open ? id : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        <Icon path={help} size="inherit" />
      </button>
      {open && (
        <span role="tooltip" id={id} className="help-tip-text">
          {text}
        </span>
      )}
    </span>
  );
}

export default function ProjectDetailPage() {
  const content = useContent();
  const [params] = useSearchParams();
  // An id that cannot be a project's is not asked for: the page is not found (404 from the server).
  const raw = params.get('id');
  const id = raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? raw : null;
  const { visitor } = useAuth();
  const { data: project, error, loading, reload } = useApi<ProjectView>(id ? `/projects/${id}` : null);
  // The form its details were given with, asked like the project (it comes with a server-rendered page, so the
  // details are in the page's HTML, not left to its code). The view waits for this answer rather than asking again.
  const detailsForm = useApi<PublishedDefinition>(project ? publishedFormPath('project-owner', project.formVersion) : null);
  if (!id) return <NotFoundPage />;
  if (loading) return <Loading label="Loading the project…" />;
  if (error?.status === 404) return <NotFoundPage />;
  if (error || !project) {
    return (
      <div className="container" style={{ paddingTop: 32, paddingBottom: 32 }}>
        <ErrorState message={error?.message ?? 'The project could not be loaded.'} onRetry={reload} />
      </div>
    );
  }

  const f = project.figures;
  const open = project.status === 'open';
  const video = embedUrl(project.videoUrl);
  const rows: [string, React.ReactNode][] = [
    ['Investment Goal', <Money key="g" amount={f.goal} />],
    ['Min. Investment', <Money key="m" amount={f.minInvestment} />],
    ['Raised', <Money key="r" amount={f.raised} />],
    ['Awaiting acceptance', <Money key="w" amount={f.waiting} />],
    ['Murabaha Markup Return %', `${f.markupPercent} %`],
    [
      'Calculated Annualized ROI %',
      <span key="a" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {f.annualisedReturn.simplePercent} % per year
        {/* The basis (DOMAIN.md asks for it to be labelled) is help on demand, not a formula in the table. */}
        <HelpTip
          label="How the yearly rate is worked out"
          text={`Worked out on a simple basis (${f.annualisedReturn.basis.replace(/^simple: /, '')}). Compounded, the same return is ${f.annualisedReturn.compoundPercent} % a year.`}
        />
      </span>,
    ],
    ['Repayment', `${repaymentText(project)}; ${formatMoney(f.repayment.totalOnGoal)} in all if the goal is raised`],
    ['Funding model', FUNDING_MODEL[project.fundingModel].label],
    ['Project Duration', `${f.durationMonths} months`],
    ['Days Left', f.daysLeft === null ? 'Not started' : `${f.daysLeft} days`],
  ];

  const actions = [
    { to: `/investmentAgreementForm?project=${project.id}`, text: 'Invest in this project', variant: 'contained' as const, color: 'primary' as const, why: 'A formal agreement request: the owner accepts it and your repayment schedule starts.' },
    { to: `/investForm?project=${project.id}`, text: 'Make an offer', variant: 'outlined' as const, color: 'primary' as const, why: 'A standing offer of what you can invest: the owner (and others) may invite you.' },
    { to: `/donate?project=${project.id}`, text: 'Donate', variant: 'contained' as const, color: 'secondary' as const, why: 'A gift to the project: nothing is repaid.' },
  ];
  return (
    <div className="container project-page">
      <LinkButton to={project.mine ? '/dashboard/project' : '/projects'} startIcon={<Icon path={arrowBack} size="inherit" />} style={{ marginBottom: 16 }}>
        {project.mine ? 'Back to my projects' : 'Back to projects'}
      </LinkButton>
      {project.goalNotReached ? (
        <Notice tone={project.goalNotReached.refundsDue > 0 ? 'warning' : 'info'} style={{ marginBottom: 16 }}>
          <strong>{goalNotReachedTitle(project.goalNotReached)}</strong>. {goalNotReachedText(project.goalNotReached)}
        </Notice>
      ) : project.status !== 'open' && (
        <Notice tone={project.status === 'rejected' ? 'warning' : 'info'} style={{ marginBottom: 16 }}>
          This project is {STATUS_LABEL[project.status].toLowerCase()}.
          {project.staffNote ? ` Staff note: ${project.staffNote}` : ''}
        </Notice>
      )}
      <div className="grid" style={gap(32)}>
        <div className="col-12 col-md-7">
          <Gallery project={project} />
        </div>
        <div className="col-12 col-md-5">
          <CategoryTag label={project.category} style={{ marginBottom: 8 }} />
          <h1 className="t-h4 t-gutter">{project.title}</h1>
          <p className="t-body t-muted" style={{ marginBottom: 16 }}>
            By {project.ownerName} · {formatDate(project.approvedAt ?? project.createdAt)}
          </p>
          <div className="grid" style={{ ...gap(8), marginBottom: 16 }}>
            {[
              ['Pledged', <Money key="p" amount={f.pledged} />],
              [noun(f.backers, 'Backer'), f.backers],
              [f.daysLeft === null ? 'Days Left' : noun(f.daysLeft, 'Day Left', 'Days Left'), f.daysLeft ?? '—'],
            ].map(([label, value]) => (
              <div key={String(label)} className="paper-outlined stat-tile" style={{ '--span': 4 } as React.CSSProperties}>
                <p className="t-body t-strong">{value}</p>
                <p className="t-body2 t-muted">{label}</p>
              </div>
            ))}
          </div>
          <ProgressBar value={f.progressBar} height={10} label={`${f.progressPercent}% of the goal raised`} />
          <p className="t-body" style={{ marginTop: 8, marginBottom: 8 }}>
            Raised <strong><Money amount={f.raised} /></strong> of <Money amount={f.goal} /> ({f.progressPercent}%)
          </p>
          <p className="t-body2" style={{ marginBottom: project.shariahReview ? 8 : 24 }}>
            <strong>{FUNDING_MODEL[project.fundingModel].label}</strong>: {FUNDING_MODEL[project.fundingModel].text}
          </p>
          {project.shariahReview ? (
            <ShariahReviewLine review={project.shariahReview} isPublic={project.status !== 'pending_review' && project.status !== 'rejected'} style={{ marginBottom: 24 }} />
          ) : null}
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            {project.mine ? (
              <>
                <LinkButton to={`/agreementRequest?project=${project.id}`} variant="contained">
                  Agreement Requests
                </LinkButton>
                <LinkButton to={`/RelevantInvestorCards?project=${project.id}`} variant="outlined">
                  Relevant Investors
                </LinkButton>
                <LinkButton to={`/EditProjects/projectDetails?id=${project.id}`} variant="outlined">
                  Agreement text
                </LinkButton>
                {project.status === 'rejected' || project.status === 'pending_review' ? (
                  <LinkButton to={`/EditProjects/projectOwnerInfo?id=${project.id}`} variant="outlined">
                    Edit project
                  </LinkButton>
                ) : null}
              </>
            ) : open ? (
              <ul aria-label="Ways to take part" className="plain-list take-part">
                {actions.map((a, i) => (
                  <li key={a.to}>
                    <LinkButton to={a.to} variant={a.variant} color={a.color} size={i === 0 ? 'large' : 'medium'} style={{ minWidth: 210, flexShrink: 0 }} aria-describedby={`action-why-${i}`}>
                      {a.text}
                    </LinkButton>
                    <p id={`action-why-${i}`} className="t-body2 t-muted">
                      {a.why}
                    </p>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {visitor && open && (
            <p className="t-body2 t-muted visitor-only" style={{ marginTop: 12 }}>
              Sending an agreement request or an offer needs an account; donating does not.
            </p>
          )}
        </div>
      </div>

      <div className="grid" style={{ ...gap(32), marginTop: 8 }}>
        <div className="col-12 col-md-7">
          <h2 className="t-h5 t-gutter">About the project</h2>
          <p className="t-body" style={{ marginBottom: 16, whiteSpace: 'pre-line' }}>
            {project.summary}
          </p>
          {video ? (
            <div className="video-frame video-frame-small">
              <iframe src={video} title={`${project.title} video`} loading="lazy" allowFullScreen />
            </div>
          ) : project.videoUrl ? (
            <p className="t-body" style={{ margin: '16px 0', overflowWrap: 'anywhere' }}>
              Video:{' '}
              <a href={project.videoUrl} rel="noopener noreferrer" target="_blank" className="link-primary">
                {project.videoUrl}
              </a>
            </p>
          ) : null}
        </div>
        <div className="col-12 col-md-5">
          <h2 className="t-h5 t-gutter">Figures</h2>
          <div className="paper-outlined">
            <FiguresTable label="Project figures" rows={rows} />
          </div>
          <RepaymentRecord projectId={project.id} />
        </div>
      </div>

      <section style={{ marginTop: 40 }} aria-labelledby="details-heading">
        <h2 id="details-heading" className="t-h5 t-gutter">
          Project details
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
          Need help?
        </h2>
        <div className="faq">
          {content.help.map((q) => (
            <details key={q.question}>
              <summary>
                <span>{q.question}</span>
                <Icon path={expandMore} className="faq-chevron" />
              </summary>
              <p className="t-body">{q.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
