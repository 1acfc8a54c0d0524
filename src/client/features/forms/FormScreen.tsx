/**
 * The generic form screen: everything comes from the screen config — which form, where its starting data comes
 * from, what submitting calls, what success and failure do, whether a draft is kept. Adding a form screen is a
 * schema, a ui-schema and a config entry; this file does not change.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { FormId } from '../../../shared/generated/form-types';
import type { Screen } from '../../config';
import type { PublishedDefinition } from '../../form-engine/definitions';
import { fileUrl } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { fillPath, type TemplateSources } from '../../lib/template';
import InlineFailure from '../../components/InlineFailure';
import { ErrorState, Loading } from '../../components/Status';
import { useDraft } from './use-draft';
import { earlySendAttributes, useSentEarly } from './early-submit';
import { usePageData } from '../../lib/preload';
import { formatDateTime } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';
import { IdentityNotice } from './IdentityNotice';
import { useStartData } from './use-start-data';
import { useScreenSubmit } from './use-screen-submit';

// Shown by few screens (a label such as "40% Profile Update", an upload's progress): loaded when one is drawn.
const Chip = lazy(() => import('@mui/material/Chip'));
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

// Loaded when used: a screen's project panel (only when a project is named) and the dialog of a message (most screens
// say success in a toast), so a form such as sign-in does not fetch them.
const FormPanel = lazy(() => import('./panels').then((m) => ({ default: m.FormPanel })));
const MessageDialog = lazy(() => import('../../components/MessageDialog'));

type Data = Record<string, unknown>;

export default function FormScreen({ screen }: { screen: Screen }) {
  const location = useLocation();
  const [query] = useSearchParams();
  const { me } = useAuth();
  const editParam = screen.edit ? query.get(screen.edit.param) : null;
  const submit = editParam ? screen.edit!.submit : screen.submit!;
  const sources: TemplateSources = useMemo(
    () => ({ query, state: (location.state as Data | null) ?? null, user: (me as unknown as Data) ?? null }),
    [query, location.state, me],
  );
  const formId = screen.form as FormId;
  const draft = useDraft(screen.draft && !editParam ? formId : null);
  const sending = useScreenSubmit({ screen, editParam, sources, draft });
  const { busy, progress, serverErrors, notice, failure, settle } = sending;
  const { t, language } = useWords();
  const [formKey, setFormKey] = useState(0);
  // What the form holds as the user types, for a panel that reacts to it (the repayment preview).
  const [liveData, setLiveData] = useState<Data>({});
  const { fromUrl, initial, loadError, missing } = useStartData({ screen, editParam, sources, draft, formKey, onLoaded: setLiveData });
  // The published form the page came with (server rendering); the engine loads it itself otherwise.
  const pageData = usePageData();
  const formPath = `/forms/${encodeURIComponent(screen.form ?? '')}`;
  const published = fromUrl ? (pageData.get(formPath) as PublishedDefinition | undefined) : undefined;
  if (fromUrl && published === undefined) pageData.want(formPath);

  // A form the server drew that /boot.js may send before this code arrives (early-submit.ts): its answer is this
  // screen's, taken once.
  const earlyPath = fromUrl && !missing && published && screen.submit?.early ? fillPath(submit.path, sources) : null;
  const early = earlyPath === null ? undefined : earlySendAttributes(screen, published?.schema, earlyPath);
  // Taken once the form is the browser's: a change of this screen while React is still taking the server's form over
  // would make it draw the form anew, without what was typed.
  const [formReady, setFormReady] = useState(false);
  useSentEarly(early && formReady ? earlyPath : null, (answer, data) => void settle(answer, data));

  const dashboard = screen.layout === 'dashboard';
  const title = t(editParam && screen.edit?.title ? screen.edit.title : screen.title);

  const schemaForm = initial && (
    <SchemaForm
      key={`${formKey}-${editParam ?? ''}`}
      formId={formId}
      initialData={initial}
      published={published}
      onSubmit={(d) => sending.onSubmit(d as unknown as Data)}
      onChange={(d) => {
        if (screen.panel) setLiveData(d as Data);
        draft.save(d as Data);
      }}
      busy={busy}
      serverErrors={serverErrors}
      hideTitle
      fileUrl={fileUrl}
      onReady={early ? () => setFormReady(true) : undefined}
    />
  );

  let body;
  if (missing) {
    body = (
      <ErrorState message={t('This form needs to be opened from its page (a project or a request). Go back and use the button there.')} />
    );
  } else if (loadError) {
    body = <ErrorState message={loadError} onRetry={() => setFormKey((k) => k + 1)} />;
  } else if (!initial) {
    body = <Loading label={t('Loading the form…')} />;
  } else {
    body = (
      <>
        {draft.restoredAt && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={async () => {
                  await draft.discard();
                  setFormKey((k) => k + 1);
                }}
              >
                {t('Start over')}
              </Button>
            }
          >
            {t('We restored the draft you were working on (saved {time}).', { time: formatDateTime(draft.restoredAt, language) })}
          </Alert>
        )}
        {early ? <div {...early}>{schemaForm}</div> : schemaForm}
        <Box ref={sending.failureRef}>
          <InlineFailure failure={failure} onClose={sending.closeFailure} />
        </Box>
        {progress !== null && (
          <Box sx={{ mt: 2 }} role="status" aria-live="polite">
            <Typography variant="body2" color="text.secondary">
              {t('Uploading… {percent} %', { percent: Math.round(progress * 100) })}
            </Typography>
            <Suspense fallback={<Box sx={{ height: 4 }} />}>
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('Upload progress')} />
            </Suspense>
          </Box>
        )}
        {draft.status && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status" aria-live="polite">
            {draft.status}
          </Typography>
        )}
      </>
    );
  }

  return (
    <Paper variant={dashboard ? 'outlined' : 'elevation'} elevation={dashboard ? 0 : 2} sx={{ p: { xs: 2.5, sm: 4 } }}>
      {!dashboard && (
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
      )}
      {dashboard && editParam && (
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
      )}
      {screen.label && (
        <Suspense fallback={<Box sx={{ height: 32, mb: 2 }} />}>
          <Chip label={t(screen.label)} color="primary" variant="outlined" sx={{ mb: 2 }} />
        </Suspense>
      )}
      {screen.intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(screen.intro)}
        </Typography>
      )}
      {(location.state as { expired?: boolean } | null)?.expired && screen.sessionEndedNotice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(screen.sessionEndedNotice)}
        </Alert>
      )}
      {screen.require === 'verified-identity' && <IdentityNotice link={screen.requireLink} />}
      {screen.panel && !missing && query.get('project') && (
        <Suspense fallback={null}>
          <FormPanel kind={screen.panel} projectId={query.get('project')} data={liveData} onBlocked={sending.setBlocked} refresh={sending.panelRefresh} />
        </Suspense>
      )}
      {notice && (
        <Alert ref={sending.noticeRef} severity={serverErrors.length ? 'error' : 'warning'} role="alert" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {body}
      {screen.links && screen.links.length > 0 && (
        <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {screen.links.map((l) => (
            <Typography key={l.to} variant="body2">
              {l.prefix ? `${t(l.prefix)} ` : ''}
              <Link component={RouterLink} to={l.to}>
                {t(l.text)}
              </Link>
            </Typography>
          ))}
        </Box>
      )}
      {sending.dialogUsed && (
        <Suspense fallback={null}>
          <MessageDialog message={sending.message} onClose={sending.closeMessage} />
        </Suspense>
      )}
    </Paper>
  );
}
