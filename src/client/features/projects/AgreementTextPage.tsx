/**
 * The investment agreement as a page. For an accepted agreement (`?agreement=<id>`, or chosen from the project's
 * accepted ones) it is the stored terms the PDF was made from, in the same words (shared/agreement/content.ts), with
 * the PDF to download, its fingerprint and each party's consent; for the project alone (`?id=<project>`), a blank
 * agreement for the whole goal made from the project's terms, due dates counted from today. Printable.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useApi } from '../../lib/use-api';
import { usePagedApi } from '../../lib/use-paged-api';
import { LoadMore } from '../../components/LoadMore';
import AgreementConsent from '../../components/app/AgreementConsent';
import { fileUrl } from '../../lib/api';
import type { ProjectView } from '../../../shared/api/views';
import { formatMoney, fromPaisa, toPaisa } from '../../../shared/domain/money';
import { repaymentTotal, schedule } from '../../../shared/domain/murabaha';
import { termsOfFigures } from '../../../shared/domain/project-terms';
import { agreementContent } from '../../../shared/agreement/content';
import { agreementProject, answerText as str, type AgreementTerms } from '../../../shared/agreement/terms';
import { dhakaDate } from '../../../shared/format/dhaka-calendar';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import { FormReadOnlyView } from '../../form-engine/read-only';
import AgreementArticle from './AgreementArticle';
import { useWords } from '../../lib/words';

/** A blank agreement for the project's whole goal: its terms, an investor to be named, due dates from today. */
function draftTerms(p: ProjectView): AgreementTerms {
  const d = p.details;
  const principal = p.figures.goal;
  const total = repaymentTotal(principal, p.figures.markupPercent);
  const now = new Date();
  // Today in Dhaka, as the server will count the due dates if it is accepted today, whatever this computer's zone.
  const today = dhakaDate(now);
  const blank = { onBehalfOf: null, verifiedOn: null, idDocument: null };
  return {
    version: 1,
    agreementId: '',
    number: '',
    acceptedAt: now.toISOString(),
    acceptedOn: today,
    investor: { ...blank, name: '______________________________', address: null },
    owner: { ...blank, name: str(d.name) ?? p.ownerName, address: str(d.offaddress) },
    project: agreementProject(p, d),
    principal,
    markupPercent: p.figures.markupPercent,
    profit: fromPaisa(toPaisa(total) - toPaisa(principal)),
    total,
    returnType: p.figures.repayment.type,
    tenorMonths: p.figures.durationMonths,
    everyMonths: p.figures.repayment.everyMonths,
    schedule: schedule(principal, termsOfFigures(p.figures), today),
  };
}

function PrintButton() {
  const { t } = useWords();
  return (
    <Button variant="contained" onClick={() => window.print()}>
      {t('Print')}
    </Button>
  );
}

/** An accepted agreement: its document panel and its words, from the terms stored at acceptance. */
function AcceptedAgreement({ id }: { id: string }) {
  const { t } = useWords();
  const answer = useApi(`/agreement-requests/${id}`);
  // The answer's schema keeps the stored terms an open object: they are the terms shared/agreement/terms.ts made.
  const content = useMemo(() => (answer.data?.terms ? agreementContent(answer.data.terms as unknown as AgreementTerms) : null), [answer.data]);
  if (answer.loading) return <Loading label={t('Loading the agreement…')} />;
  if (answer.error || !answer.data) return <ErrorState message={answer.error?.message ?? t('The agreement could not be loaded.')} onRetry={answer.reload} />;
  if (!answer.data.document || !content) return <EmptyState title={t('This proposal has no agreement document.')} text={t('An agreement is made when the owner accepts an investment proposal.')} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box className="no-print">
        <AgreementConsent key={id} agreementId={id} document={answer.data.document} party={answer.data.viewerParty} onPage />
      </Box>
      <AgreementArticle content={content} />
    </Box>
  );
}

/** The project's agreements: a blank one for the whole goal, or one of its accepted agreements. */
function ProjectAgreements({ projectId }: { projectId: string }) {
  const { t, language } = useWords();
  const project = useApi(`/projects/${projectId}`);
  // The accepted agreements, to show one: 50 at a time (more on request).
  const accepted = usePagedApi(project.data?.mine ? `/projects/${projectId}/agreement-requests?status=accepted&limit=50` : null);
  const [chosen, setChosen] = useState('');
  const [tab, setTab] = useState(0);
  const p = project.data;
  const draft = useMemo(() => (p ? agreementContent(draftTerms(p), { draft: true }) : null), [p]);

  if (project.loading) return <Loading label={t('Loading the project…')} />;
  if (project.error || !p || !draft) return <ErrorState message={project.error?.message ?? t('The project could not be loaded.')} onRetry={project.reload} />;
  const items = (accepted.data?.items ?? []).filter((a) => a.status === 'accepted');

  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} className="no-print" aria-label={t('Project views')}>
        <Tab label={t('Agreement')} />
        <Tab label={t('Business/Project Details')} />
      </Tabs>
      {tab === 0 ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }} className="no-print">
            {items.length > 0 && (
              <FormControl size="small" sx={{ minWidth: 280 }}>
                <InputLabel id="agreement-for">{t('Agreement with')}</InputLabel>
                <Select labelId="agreement-for" label={t('Agreement with')} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <MenuItem value="">{t('A blank agreement for the whole goal')}</MenuItem>
                  {items.map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.investorName} — {formatMoney(a.amount, language)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            )}
            <PrintButton />
          </Box>
          <Box className="no-print">
            <LoadMore state={accepted} label={t('Show more accepted agreements')} pb={2} />
          </Box>
          {chosen ? <AcceptedAgreement id={chosen} /> : <AgreementArticle content={draft} />}
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <FormReadOnlyView formId="project-owner" formVersion={p.formVersion} data={p.details} fileUrl={fileUrl} />
        </Paper>
      )}
    </Box>
  );
}

export default function AgreementTextPage() {
  const { t } = useWords();
  const [params] = useSearchParams();
  const agreement = params.get('agreement');
  const projectId = params.get('id');
  if (agreement) {
    return (
      <Box>
        <Box sx={{ mb: 2 }} className="no-print">
          <PrintButton />
        </Box>
        <AcceptedAgreement id={agreement} />
      </Box>
    );
  }
  if (projectId) return <ProjectAgreements projectId={projectId} />;
  return (
    <EmptyState
      title={t('Open this page from one of your projects.')}
      action={
        <Button component={RouterLink} to="/dashboard/project">
          {t('My projects')}
        </Button>
      }
    />
  );
}
