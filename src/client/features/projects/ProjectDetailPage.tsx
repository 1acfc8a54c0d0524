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
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import type { Language } from '../../../shared/i18n/language';
import { useWords, type Words } from '../../lib/words';
import { LinkButton } from '../../ui/Button';
import { Icon, arrowBack, expandMore, help } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { gap } from '../../ui/grid';
import { FUNDING_MODEL } from '../../components/funding-model';
import { fundingModelText, goalNotReachedText, goalNotReachedTitle } from './funding-words';
import FiguresTable from '../../components/FiguresTable';
import ShariahReviewLine from './ShariahReviewLine';

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

export function repaymentText(p: ProjectView, t: Words['t'], language: Language): string {
  const r = p.figures.repayment;
  const initial = Number(r.initialInstalment) > 0 ? formatMoney(r.initialInstalment, language) : null;
  // DOMAIN.md: each investor's first instalment is their share of the initial instalment stated for the whole goal.
  const share = t("an initial instalment ({amount} on the whole goal, each investor's share in proportion)", { amount: initial ?? '' });
  if (r.type === 'On-time') {
    return r.instalments === 2
      ? t('On-time: {share} after 1 month, the rest after {months, plural, one {# month} other {# months}}', { share, months: r.overMonths })
      : t('On-time: one payment after {months, plural, one {# month} other {# months}}', { months: r.overMonths });
  }
  const plan = t(
    'Recurring: every {every, plural, one {# month} other {# months}} over {months, plural, one {# month} other {# months}} ({count, plural, one {# instalment} other {# instalments}})',
    { every: r.everyMonths ?? 0, months: r.overMonths, count: r.instalments },
  );
  return initial && r.instalments >= 2 ? t('{plan}, the first being {share}', { plan, share }) : plan;
}

/**
 * The project's images: one shown large, the others a thumbnail's press away. Every image is in the page (the hidden
 * ones load only when shown), so a thumbnail pressed before the code has arrived shows its image at once: /boot.js
 * swaps them by the same marks (`data-gallery-to`, `hidden`, `aria-pressed`) and notes the choice on the gallery
 * (`data-gallery-active`), which this code takes as its state when it runs.
 */
function Gallery({ project }: { project: ProjectView }) {
  const { t, language } = useWords();
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
            <ProjectImage fileId={id} category={project.category} alt={t('{title}, image {n}', { title: project.title, n: formatNumber(i + 1, language) })} isPublic={isPublic} height={{ xs: 240, md: 380 }} eager={i === 0} />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        // A list of toggle buttons: the list and its items keep their roles, each button says which image it shows
        // and whether it is the one shown (a button with role="listitem" lost its button role and aria-pressed).
        <ul aria-label={t('Project images')} className="plain-list gallery-thumbs">
          {images.map((id, i) => (
            <li key={id}>
              <button type="button" onClick={() => setActive(i)} aria-label={t('Show image {n} of {total}', { n: formatNumber(i + 1, language), total: formatNumber(images.length, language) })} aria-pressed={i === active} className="gallery-thumb" data-gallery-to={i}>
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
  const { t, language } = useWords();
  const content = useContent();
  const [params] = useSearchParams();
  // An id that cannot be a project's is not asked for: the page is not found (404 from the server).
  const raw = params.get('id');
  const id = raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw) ? raw : null;
  const { visitor } = useAuth();
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
  const open = project.status === 'open';
  const video = embedUrl(project.videoUrl);
  const rows: [string, React.ReactNode][] = [
    [t('Investment Goal'), <Money key="g" amount={f.goal} />],
    [t('Min. Investment'), <Money key="m" amount={f.minInvestment} />],
    [t('Raised'), <Money key="r" amount={f.raised} />],
    [t('Awaiting acceptance'), <Money key="w" amount={f.waiting} />],
    [t('Murabaha Markup Return %'), `${localDigits(String(f.markupPercent), language)} %`],
    [
      t('Calculated Annualized ROI %'),
      <span key="a" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {t('{percent} % per year', { percent: localDigits(String(f.annualisedReturn.simplePercent), language) })}
        {/* The basis (DOMAIN.md asks for it to be labelled) is help on demand, not a formula in the table. */}
        <HelpTip
          label={t('How the yearly rate is worked out')}
          text={t('Worked out on a simple basis ({basis}). Compounded, the same return is {percent} % a year.', {
            basis: localDigits(f.annualisedReturn.basis.replace(/^simple: /, ''), language).replace(' months', language === 'bn' ? ' মাস' : ' months'),
            percent: localDigits(String(f.annualisedReturn.compoundPercent), language),
          })}
        />
      </span>,
    ],
    [t('Repayment'), t('{plan}; {amount} in all if the goal is raised', { plan: repaymentText(project, t, language), amount: formatMoney(f.repayment.totalOnGoal, language) })],
    [t('Funding model'), t(FUNDING_MODEL[project.fundingModel].label)],
    [t('Project Duration'), t('{months, plural, one {# month} other {# months}}', { months: f.durationMonths })],
    [t('Days Left'), f.daysLeft === null ? t('Not started') : t('{days, plural, one {# day} other {# days}}', { days: f.daysLeft })],
  ];

  const actions = [
    {
      to: `/investmentAgreementForm?project=${project.id}`,
      text: t('Invest in this project'),
      variant: 'contained' as const,
      color: 'primary' as const,
      why: t('A formal agreement request: the owner accepts it and your repayment schedule starts.'),
    },
    {
      to: `/investForm?project=${project.id}`,
      text: t('Make an offer'),
      variant: 'outlined' as const,
      color: 'primary' as const,
      why: t('A standing offer of what you can invest: the owner (and others) may invite you.'),
    },
    { to: `/donate?project=${project.id}`, text: t('Donate'), variant: 'contained' as const, color: 'secondary' as const, why: t('A gift to the project: nothing is repaid.') },
  ];
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
          <Gallery project={project} />
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
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            {project.mine ? (
              <>
                <LinkButton to={`/agreementRequest?project=${project.id}`} variant="contained">
                  {t('Agreement Requests')}
                </LinkButton>
                <LinkButton to={`/RelevantInvestorCards?project=${project.id}`} variant="outlined">
                  {t('Relevant Investors')}
                </LinkButton>
                <LinkButton to={`/EditProjects/projectDetails?id=${project.id}`} variant="outlined">
                  {t('Agreement text')}
                </LinkButton>
                {project.status === 'rejected' || project.status === 'pending_review' ? (
                  <LinkButton to={`/EditProjects/projectOwnerInfo?id=${project.id}`} variant="outlined">
                    {t('Edit project')}
                  </LinkButton>
                ) : null}
              </>
            ) : open ? (
              <ul aria-label={t('Ways to take part')} className="plain-list take-part">
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
              {t('Sending an agreement request or an offer needs an account; donating does not.')}
            </p>
          )}
        </div>
      </div>

      <div className="grid" style={{ ...gap(32), marginTop: 8 }}>
        <div className="col-12 col-md-7">
          <h2 className="t-h5 t-gutter">{t('About the project')}</h2>
          <p className="t-body" style={{ marginBottom: 16, whiteSpace: 'pre-line' }}>
            {project.summary}
          </p>
          {video ? (
            <div className="video-frame video-frame-small">
              <iframe src={video} title={t('{title} video', { title: project.title })} loading="lazy" allowFullScreen />
            </div>
          ) : project.videoUrl ? (
            <p className="t-body" style={{ margin: '16px 0', overflowWrap: 'anywhere' }}>
              {t('Video:')}{' '}
              <a href={project.videoUrl} rel="noopener noreferrer" target="_blank" className="link-primary">
                {project.videoUrl}
              </a>
            </p>
          ) : null}
        </div>
        <div className="col-12 col-md-5">
          <h2 className="t-h5 t-gutter">{t('Figures')}</h2>
          <div className="paper-outlined">
            <FiguresTable label={t('Project figures')} rows={rows} />
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
