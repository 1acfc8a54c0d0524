/**
 * Donate: choose an open project (or arrive from one), fill the donate form — its payment methods follow the amount
 * tiers of the schema — and land on the receipt's own address (ReceiptPage): the payment reference, how to pay, Pay
 * now when the gateway serves the method. No account needed.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Paper from '@mui/material/Paper';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { SchemaForm, type PublishedDefinition } from '../../form-engine';
import type { DonateForm } from '../../../shared/generated/form-types';
import type { FieldError } from '../../../shared/validation/errors';
import type { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { usePageData } from '../../lib/preload';
import PageHero from '../../components/PageHero';
import { EmptyState, ErrorState, Loading } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import type { Message } from '../../components/MessageDialog';
import { receiptPath } from '../../../shared/donations/receipt-link';
import type { FreshReceipt } from './ReceiptPage';
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

// The receipt page (the read-only view of the donation, with its phone formatting) is needed once a donation is made:
// its code is fetched while the donation is sent, not with the form.
const loadReceipt = () => import('./ReceiptPage');

const DONATE_FORM_PATH = '/forms/donate';

export default function DonatePage() {
  const { t, language } = useWords();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const projectId = params.get('project') ?? '';
  const { data, error, loading, reload } = useApi('/projects?status=open&limit=50&sort=newest');
  // A project from a link may be older than the 50 newest: load it on its own.
  const listed = data?.items.some((p) => p.id === projectId) ?? false;
  const single = useApi(projectId && data && !listed ? `/projects/${projectId}` : null);
  // The published form the page came with (the server draws this page: its amount can be typed before the code
  // arrives); the engine loads it itself otherwise.
  const pageData = usePageData();
  const published = pageData.get(DONATE_FORM_PATH) as PublishedDefinition | undefined;
  if (published === undefined) pageData.want(DONATE_FORM_PATH);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const projects = [...(data?.items ?? []), ...(single.data && !listed ? [single.data] : [])];
  const chosen = projects.find((p) => p.id === projectId && p.status === 'open');

  async function donate(form: DonateForm) {
    setBusy(true);
    setNotice(null);
    setServerErrors([]);
    void loadReceipt().catch(() => undefined);
    try {
      const made = await api.post(`/projects/${projectId}/donations`, form);
      // The receipt's own address, in place of this form's: a reload shows the receipt again, and Back does not
      // send the pledge twice.
      // The form stays busy until the receipt replaces it (its code may still be arriving): no second pledge.
      const fresh: FreshReceipt = { receipt: made, emailedTo: form.email?.trim() || null };
      void navigate(receiptPath(made.id, made.receiptKey), { replace: true, state: fresh });
    } catch (err) {
      const e = err as ApiError;
      if (e.network) setNotice(e.message);
      else if (e.status === 400 && e.errors.length) setServerErrors(e.errors);
      else setMessage({ title: t('Donation not recorded'), text: e.message, tone: 'error' });
      setBusy(false);
    }
  }

  let body;
  if (loading) {
    body = <Loading label={t('Loading open projects…')} />;
  } else if (error) {
    body = <ErrorState message={t('Open projects could not be loaded: {reason}', { reason: error.message })} onRetry={reload} />;
  } else if (projects.length === 0) {
    body = <EmptyState title={t('No project is taking donations right now.')} text={t('Approved, open projects appear here.')} />;
  } else {
    body = (
      <Paper sx={{ p: { xs: 2.5, md: 4 } }}>
        {/* The browser's own select, as the form's closed lists (a phone's system picker; no menu code on this route),
            in a list's filter form: chosen before the code has the page, /boot.js asks the server for the page of
            the choice (as the projects' category), so the choice is never lost. */}
        <form method="get" action="/donate" data-filters="" onSubmit={(e) => e.preventDefault()}>
        <FormControl fullWidth sx={{ mb: 3 }}>
          <InputLabel htmlFor="donate-project" id="donate-project-label" shrink>
            {t('Project')}
          </InputLabel>
          <NativeSelect
            id="donate-project"
            name="project"
            value={chosen ? projectId : ''}
            onChange={(e) => setParams({ project: e.target.value }, { replace: true })}
            input={<OutlinedInput label={t('Project')} notched />}
            sx={chosen ? undefined : { color: 'text.secondary', '& option': { color: 'text.primary' } }}
          >
            {/* Always the first option (hidden once one is chosen): a choice before the code is an option after it. */}
            <option value="" disabled hidden={Boolean(chosen)}>
              {t('Choose a project')}
            </option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {t('{title} — {percent}% of {goal}', { title: p.title, percent: formatNumber(p.figures.progressPercent, language), goal: formatMoney(p.figures.goal, language) })}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        </form>
        {projectId && !chosen && <Alert severity="warning" sx={{ mb: 2 }}>{t('That project is not taking donations. Choose an open one.')}</Alert>}
        {notice && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {chosen ? (
          <>
            <SchemaForm formId="donate" published={published} onSubmit={donate} busy={busy} serverErrors={serverErrors} hideTitle />
            <InlineFailure failure={message} onClose={() => setMessage(null)} />
          </>
        ) : (
          <Typography color="text.secondary">{t('Choose the project you want to support.')}</Typography>
        )}
      </Paper>
    );
  }

  return (
    <>
      <Box className="no-print">
        <PageHero
          title={t('Donate')}
          intro={t('Give to an open project. After you pledge, your receipt tells you how to pay; the gift shows as raised once the money arrives.')}
        />
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {body}
      </Container>
    </>
  );
}
