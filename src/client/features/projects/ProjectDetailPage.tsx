/**
 * Project detail: gallery, summary, the actions that fit the viewer (owner or investor), the figures table of the
 * spec computed by the server, the video, details and the three help questions.
 */
import { PROJECT_IMAGE_FIELDS } from '../../../shared/forms/code-fields';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
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
import NotFoundPage from '../misc/NotFoundPage';
import { countOf, noun } from '../../../shared/format/count';
import { formatMoney } from '../../../shared/domain/money';

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

function Gallery({ project }: { project: ProjectView }) {
  const [active, setActive] = useState(0);
  const isPublic = ['open', 'funded', 'closed'].includes(project.status);
  const images = project.images.slice(0, 5);
  return (
    <Box>
      <Box sx={{ borderRadius: 3, overflow: 'hidden', boxShadow: 2 }}>
        <ProjectImage fileId={images[active]} category={project.category} alt={`${project.title}, image ${active + 1}`} isPublic={isPublic} height={{ xs: 240, md: 380 }} eager />
      </Box>
      {images.length > 1 && (
        // A list of toggle buttons: the list and its items keep their roles, each button says which image it shows
        // and whether it is the one shown (a button with role="listitem" lost its button role and aria-pressed).
        <Box component="ul" aria-label="Project images" sx={{ display: 'flex', gap: 1, mt: 1.5, p: 0, listStyle: 'none' }}>
          {images.map((id, i) => (
            <li key={id}>
              <Box
                component="button"
                type="button"
                onClick={() => setActive(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === active}
                sx={{ display: 'block', p: 0, border: 2, borderColor: i === active ? 'primary.main' : 'transparent', borderRadius: 1.5, overflow: 'hidden', cursor: 'pointer', width: 84, bgcolor: 'transparent' }}
              >
                <ProjectImage fileId={id} category={project.category} alt="" isPublic={isPublic} height={56} />
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

export default function ProjectDetailPage() {
  const content = useContent();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { visitor } = useAuth();
  const { data: project, error, loading, reload } = useApi<ProjectView>(id ? `/projects/${id}` : null);
  // The form its details were given with, asked like the project (it comes with a server-rendered page, so the
  // details are in the page's HTML, not left to its code). The view waits for this answer rather than asking again.
  const detailsForm = useApi<PublishedDefinition>(project ? publishedFormPath('project-owner', project.formVersion) : null);
  if (!id) return <NotFoundPage />;
  if (loading) return <Loading label="Loading the project…" />;
  if (error?.status === 404) return <NotFoundPage />;
  if (error || !project) return <Container sx={{ py: 4 }}><ErrorState message={error?.message ?? 'The project could not be loaded.'} onRetry={reload} /></Container>;

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
      <Box key="a" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        {f.annualisedReturn.simplePercent} % per year
        {/* The basis (DOMAIN.md asks for it to be labelled) is help on demand, not a formula in the table. */}
        <Tooltip describeChild enterTouchDelay={0} leaveTouchDelay={6000} title={`Worked out on a simple basis (${f.annualisedReturn.basis.replace(/^simple: /, '')}). Compounded, the same return is ${f.annualisedReturn.compoundPercent} % a year.`}>
          <IconButton size="small" aria-label="How the yearly rate is worked out" sx={{ p: 0.25 }}>
            <HelpOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>,
    ],
    ['Repayment', `${repaymentText(project)}; ${formatMoney(f.repayment.totalOnGoal)} in all if the goal is raised`],
    ['Project Duration', `${f.durationMonths} months`],
    ['Days Left', f.daysLeft === null ? 'Not started' : `${f.daysLeft} days`],
  ];

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to={project.mine ? '/dashboard/project' : '/projects'} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {project.mine ? 'Back to my projects' : 'Back to projects'}
      </Button>
      {project.status !== 'open' && (
        <Alert severity={project.status === 'rejected' ? 'warning' : 'info'} sx={{ mb: 2 }}>
          This project is {STATUS_LABEL[project.status].toLowerCase()}.
          {project.staffNote ? ` Staff note: ${project.staffNote}` : ''}
        </Alert>
      )}
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Gallery project={project} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CategoryTag label={project.category} style={{ marginBottom: 8 }} />
          <Typography variant="h4" component="h1" gutterBottom>
            {project.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            By {project.ownerName} · {formatDate(project.approvedAt ?? project.createdAt)}
          </Typography>
          <Grid container spacing={1} sx={{ mb: 2 }}>
            {[
              ['Pledged', <Money key="p" amount={f.pledged} />],
              [noun(f.backers, 'Backer'), f.backers],
              [f.daysLeft === null ? 'Days Left' : noun(f.daysLeft, 'Day Left', 'Days Left'), f.daysLeft ?? '—'],
            ].map(([label, value]) => (
              <Grid key={String(label)} size={4}>
                <Paper variant="outlined" sx={{ p: 1.5, textAlign: 'center' }}>
                  <Typography sx={{ fontWeight: 700 }}>{value}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
          <ProgressBar value={f.progressBar} height={10} label={`${f.progressPercent}% of the goal raised`} />
          <Typography sx={{ mt: 1, mb: 3 }}>
            Raised <strong><Money amount={f.raised} /></strong> of <Money amount={f.goal} /> ({f.progressPercent}%)
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {project.mine ? (
              <>
                <Button component={RouterLink} to={`/agreementRequest?project=${project.id}`} variant="contained">
                  Agreement Requests
                </Button>
                <Button component={RouterLink} to={`/RelevantInvestorCards?project=${project.id}`} variant="outlined">
                  Relevant Investors
                </Button>
                <Button component={RouterLink} to={`/EditProjects/projectDetails?id=${project.id}`} variant="outlined">
                  Agreement text
                </Button>
                {project.status === 'rejected' || project.status === 'pending_review' ? (
                  <Button component={RouterLink} to={`/EditProjects/projectOwnerInfo?id=${project.id}`} variant="outlined">
                    Edit project
                  </Button>
                ) : null}
              </>
            ) : open ? (
              <Box component="ul" aria-label="Ways to take part" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, width: '100%' }}>
                {[
                  { to: `/investmentAgreementForm?project=${project.id}`, text: 'Invest in this project', variant: 'contained' as const, color: 'primary' as const, why: 'A formal agreement request: the owner accepts it and your repayment schedule starts.' },
                  { to: `/investForm?project=${project.id}`, text: 'Make an offer', variant: 'outlined' as const, color: 'primary' as const, why: 'A standing offer of what you can invest: the owner (and others) may invite you.' },
                  { to: `/donate?project=${project.id}`, text: 'Donate', variant: 'contained' as const, color: 'secondary' as const, why: 'A gift to the project: nothing is repaid.' },
                ].map((a, i) => (
                  <Box component="li" key={a.to} sx={{ display: 'flex', alignItems: { sm: 'center' }, gap: { xs: 0.5, sm: 1.5 }, flexDirection: { xs: 'column', sm: 'row' } }}>
                    <Button component={RouterLink} to={a.to} variant={a.variant} color={a.color} size={i === 0 ? 'large' : 'medium'} sx={{ minWidth: 210, flexShrink: 0 }} aria-describedby={`action-why-${i}`}>
                      {a.text}
                    </Button>
                    <Typography id={`action-why-${i}`} variant="body2" color="text.secondary">
                      {a.why}
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : null}
          </Box>
          {visitor && open && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} className="visitor-only">
              Sending an agreement request or an offer needs an account; donating does not.
            </Typography>
          )}
        </Grid>
      </Grid>

      <Grid container spacing={4} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            About the project
          </Typography>
          <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{project.summary}</Typography>
          {video ? (
            <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 2, overflow: 'hidden', my: 2 }}>
              <Box component="iframe" src={video} title={`${project.title} video`} loading="lazy" allowFullScreen sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }} />
            </Box>
          ) : project.videoUrl ? (
            <Typography sx={{ my: 2, overflowWrap: 'anywhere' }}>
              Video: <Link href={project.videoUrl} rel="noopener noreferrer" target="_blank">{project.videoUrl}</Link>
            </Typography>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Figures
          </Typography>
          <Paper variant="outlined">
            <Table size="small" aria-label="Project figures">
              <TableBody>
                {rows.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '45%' }}>
                      {label}
                    </TableCell>
                    <TableCell>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Grid>
      </Grid>

      <Box component="section" sx={{ mt: 5 }} aria-labelledby="details-heading">
        <Typography id="details-heading" variant="h5" component="h2" gutterBottom>
          Project details
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          {detailsForm.loading ? (
            <LoadingDetails />
          ) : (
            <FormReadOnlyView formId="project-owner" formVersion={project.formVersion} published={detailsForm.data ?? undefined} data={project.details} fileUrl={fileUrl} omit={SHOWN_ABOVE} />
          )}
        </Paper>
      </Box>

      <Box component="section" sx={{ mt: 5 }} aria-labelledby="help-heading">
        <Typography id="help-heading" variant="h5" component="h2" gutterBottom>
          Need help?
        </Typography>
        {content.help.map((q) => (
          <Accordion key={q.question} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>{q.question}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography>{q.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Container>
  );
}
