/**
 * The generic form screen: everything comes from the screen config — which form, where its starting data comes
 * from, what submitting calls, what success and failure do, whether a draft is kept. Adding a form screen is a
 * schema, a ui-schema and a config entry; this file does not change.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { FormId } from '../../../shared/generated/form-types';
import type { FieldError } from '../../../shared/validation/errors';
import { startsFromUrl, type Screen } from '../../config';
import type { PublishedDefinition } from '../../form-engine/definitions';
import { api, ApiError, fileUrl, request } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { fillPath, MissingParameterError, prefillRefs, readFirst, readSource, type TemplateSources } from '../../lib/template';
import type { Message } from '../../components/MessageDialog';
import { useToast } from '../../components/Toast';
import InlineFailure from '../../components/InlineFailure';
import { ErrorState, Loading } from '../../components/Status';
import { useDraft } from './use-draft';
import { earlySendAttributes, useSentEarly } from './early-submit';
import { useApi } from '../../lib/use-api';
import { usePageData } from '../../lib/preload';
import { formatDateTime } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';

// Shown by few screens (a label such as "40% Profile Update", an upload's progress): loaded when one is drawn.
const Chip = lazy(() => import('@mui/material/Chip'));
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

// Loaded when used: a screen's project panel (only when a project is named) and the dialog of a message (most screens
// say success in a toast), so a form such as sign-in does not fetch them.
const FormPanel = lazy(() => import('./panels').then((m) => ({ default: m.FormPanel })));
const MessageDialog = lazy(() => import('../../components/MessageDialog'));

/** What a screen's `require: verified-identity` tells a user who is not verified yet, with its `requireLink`. */
function IdentityNotice({ link }: { link?: { text: string; to: string } }) {
  const { data } = useApi('/profile');
  if (!data || data.verification.status === 'verified') return null;
  const v = data.verification;
  const text =
    v.status === 'submitted'
      ? 'Your identity verification is still under review. You can fill this in now; it can be submitted once staff have verified you.'
      : v.status === 'rejected'
        ? `Your identity verification was rejected${v.note ? ` (${v.note})` : ''}. Submit it again before you submit a project.`
        : 'Verify your identity before you submit a project: submit your documents under Profile → Verify Profile.';
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        v.status !== 'submitted' && link ? (
          <Button component={RouterLink} to={link.to} color="inherit" size="small">
            {link.text}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}

type Data = Record<string, unknown>;

function pick(answer: unknown, path: string | undefined): unknown {
  if (!path) return answer;
  return path.split('.').reduce<unknown>((node, key) => (node as Data | null | undefined)?.[key], answer);
}

/**
 * The saved profile and verification, loaded only when the screen prefills from them. A user without either simply
 * gets no prefill from it (a 404 or an empty answer is not an error for the form).
 */
async function profileSources(prefill: Screen['prefill']): Promise<Pick<TemplateSources, 'profile' | 'verification'>> {
  const refs = prefillRefs(prefill);
  const wants = (source: string) => refs.some((r) => r.startsWith(`${source}.`));
  const [profile, verification] = await Promise.all([
    wants('profile') ? api.get('/profile').then((a) => a.profile, () => null) : null,
    wants('verification') ? api.get('/profile/verification').then((a) => a.data ?? null, () => null) : null,
  ]);
  return { profile, verification };
}

/**
 * The starting data of a screen that starts from its URL (see `startsFromUrl`), worked out at the first render;
 * `missing` when the URL lacks a parameter the submit path needs.
 */
function startFromUrl(screen: Screen, sources: TemplateSources): Data | 'missing' {
  try {
    fillPath(screen.submit!.path, sources);
  } catch (err) {
    if (err instanceof MissingParameterError) return 'missing';
  }
  const data: Data = {};
  for (const [field, refs] of Object.entries(screen.prefill ?? {})) {
    const value = readFirst(refs, sources);
    if (value !== undefined) data[field] = value;
  }
  return data;
}

function renameKeys(data: Data, rename: Record<string, string | undefined> | undefined): Data {
  if (!rename) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [rename[k] ?? k, v]));
}

/** Maps API field names back to form field names in error paths (the reverse of `rename`). */
function unrenameErrors(errors: FieldError[], rename: Record<string, string | undefined> | undefined): FieldError[] {
  if (!rename) return errors;
  const back = Object.fromEntries(Object.entries(rename).map(([k, v]) => [v, k]));
  return errors.map((e) => {
    const [, first = '', ...rest] = e.path.split('/');
    return back[first] ? { ...e, path: ['', back[first], ...rest].join('/') } : e;
  });
}

export default function FormScreen({ screen }: { screen: Screen }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { me, signIn } = useAuth();
  const editParam = screen.edit ? query.get(screen.edit.param) : null;
  const load = editParam ? screen.edit!.load : screen.load;
  const submit = editParam ? screen.edit!.submit : screen.submit!;
  const sources: TemplateSources = useMemo(
    () => ({ query, state: (location.state as Data | null) ?? null, user: (me as unknown as Data) ?? null }),
    [query, location.state, me],
  );
  const formId = screen.form as FormId;
  const draft = useDraft(screen.draft && !editParam ? formId : null);

  // A screen that starts from its URL is drawn at once, on the server too (a signed-out visitor's sign-in or
  // sign-up page arrives as HTML); the others load their record, prefill or draft first.
  const fromUrl = !editParam && startsFromUrl(screen);
  const [urlStart] = useState(() => (fromUrl ? startFromUrl(screen, sources) : null));
  const [initial, setInitial] = useState<Data | null>(urlStart === 'missing' ? null : urlStart);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [missing, setMissing] = useState(urlStart === 'missing');
  // The published form the page came with (server rendering); the engine loads it itself otherwise.
  const pageData = usePageData();
  const formPath = `/forms/${encodeURIComponent(screen.form ?? '')}`;
  const published = fromUrl ? (pageData.get(formPath) as PublishedDefinition | undefined) : undefined;
  if (fromUrl && published === undefined) pageData.want(formPath);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // Once a message has been shown the dialog stays mounted, so it closes with its transition.
  const dialogUsed = useRef(false);
  if (message) dialogUsed.current = true;
  // A refusal said at the form, where the user is looking (not a popup to dismiss).
  const [failure, setFailure] = useState<Message | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const { t, language } = useWords();
  const [formKey, setFormKey] = useState(0);
  // What the form holds as the user types, for a panel that reacts to it (the repayment preview).
  const [liveData, setLiveData] = useState<Data>({});
  const afterMessage = useRef<(() => void) | null>(null);
  // A panel's reason the form may not send yet (the agreement's risk acknowledgment), and a counter that makes the
  // panel read its state again after a refusal.
  const [blocked, setBlocked] = useState<string | null>(null);
  const [panelRefresh, setPanelRefresh] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const lastBlocked = useRef<string | null>(null);
  useEffect(() => {
    // The reason is gone (acknowledged): so is the notice that said it.
    if (blocked) lastBlocked.current = blocked;
    else setNotice((n) => (n !== null && n === lastBlocked.current ? null : n));
  }, [blocked]);

  // Starting data: loaded record, prefills from state/query/account, or the saved draft.
  useEffect(() => {
    // Drawn from the URL at the first render: nothing to load.
    if (fromUrl && formKey === 0) return;
    let live = true;
    setInitial(null);
    setLoadError(null);
    (async () => {
      try {
        fillPath(submit.path, sources);
      } catch (err) {
        if (err instanceof MissingParameterError) {
          setMissing(true);
          return;
        }
      }
      let data: Data = {};
      if (load) {
        const answer = await api.get(fillPath(load.path, sources));
        // A record not there yet (`data: null`: nothing submitted) starts an empty form, not one filled with the
        // answer's other keys.
        const picked = pick(answer, load.pick) ?? (load.fallback ? pick(answer, load.fallback) : undefined);
        data = { ...((picked as Data | null) ?? {}) };
        if (load.only) data = Object.fromEntries(Object.entries(data).filter(([k]) => load.only!.includes(k)));
      }
      // A record being edited keeps its own values; a new one starts from what the person already gave.
      const prefill = editParam ? undefined : screen.prefill;
      const withProfile = { ...sources, ...(await profileSources(prefill)) };
      for (const [field, refs] of Object.entries(prefill ?? {})) {
        const value = readFirst(refs, withProfile);
        if (value !== undefined) data[field] = value;
      }
      const saved = await draft.restore();
      if (saved) data = { ...data, ...saved };
      if (live) {
        setInitial(data);
        setLiveData(data);
      }
    })().catch((err: unknown) => {
      if (live) setLoadError(err instanceof ApiError ? err.message : 'The form could not be loaded.');
    });
    return () => {
      live = false;
    };
    // Load once per screen, edit target and restart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen.id, editParam, formKey]);

  async function onSubmit(data: Data) {
    if (blocked) {
      setFailure(null);
      setNotice(blocked);
      setTimeout(() => noticeRef.current?.scrollIntoView?.({ block: 'center' }), 0);
      return;
    }
    setProgress(submit.progress ? 0 : null);
    const onUploadProgress = submit.progress ? setProgress : undefined;
    // (A path that cannot be filled is a failure said like the server's.) The screen config names the call: its answer
    // is read as data (its `token`, `message`, the fields it names).
    await settle((async () => (await request(submit.method, fillPath(submit.path, sources), renameKeys(data, submit.rename), { onUploadProgress })) as Data)(), data);
  }

  /** What a submit's answer does: success moves on as the screen says; a refusal is shown where it belongs. */
  async function settle(sending: Promise<Data>, data: Data) {
    setBusy(true);
    setNotice(null);
    setServerErrors([]);
    setFailure(null);
    try {
      const answer = await sending;
      await draft.discard();
      const success = screen.success ?? {};
      // A new session starts when the user moves on: signing in at once would let the guest-only guard of this
      // screen replace it before the popup is read.
      const token = success.session === 'start' && typeof answer.token === 'string' ? answer.token : null;
      const from = (location.state as { from?: string } | null)?.from;
      const next = success.returnToOrigin && from ? from : success.navigate ? fillPath(success.navigate, { ...sources, response: answer, data }) : null;
      const state = success.state
        ? Object.fromEntries(Object.entries(success.state).map(([k, ref]) => [k, readSource(ref!, { ...sources, response: answer, data })]))
        : undefined;
      const go = async () => {
        if (token) await signIn(token);
        if (next) navigate(next, { state, replace: success.session === 'start' });
      };
      if (success.popup?.dialog) {
        const text = success.popup.text === 'response.message' ? String(answer.message ?? '') : success.popup.text && t(success.popup.text);
        afterMessage.current = () => void go();
        setMessage({ title: t(success.popup.title), text, tone: 'success' });
      } else if (success.popup) {
        const text = success.popup.text === 'response.message' ? String(answer.message ?? '') : success.popup.text && t(success.popup.text);
        toast({ title: t(success.popup.title), text, tone: 'success' });
        await go();
      } else {
        await go();
      }
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String(err));
      if (e.network) {
        setNotice(e.message);
      } else if (e.status === 400 && e.errors.length > 0) {
        setServerErrors(unrenameErrors(e.errors, submit.rename));
        setNotice(e.message);
      } else if (e.status !== 401 || !me) {
        if (e.status === 409 && screen.panel) setPanelRefresh((n) => n + 1);
        const failure = screen.failure ?? { title: 'Something went wrong', showServerMessage: true };
        const showText = failure.showServerMessage || e.status !== 401;
        const said: Message = { title: t(failure.title), text: showText ? e.message : undefined, tone: 'error' };
        if (failure.dialog) setMessage(said);
        else {
          setFailure(said);
          setTimeout(() => failureRef.current?.scrollIntoView?.({ block: 'center' }), 0);
        }
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

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
      onSubmit={(d) => onSubmit(d as unknown as Data)}
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
        <Box ref={failureRef}>
          <InlineFailure failure={failure} onClose={() => setFailure(null)} />
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
          <FormPanel kind={screen.panel} projectId={query.get('project')} data={liveData} onBlocked={setBlocked} refresh={panelRefresh} />
        </Suspense>
      )}
      {notice && (
        <Alert ref={noticeRef} severity={serverErrors.length ? 'error' : 'warning'} role="alert" sx={{ mb: 2 }}>
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
      {dialogUsed.current && (
        <Suspense fallback={null}>
          <MessageDialog
            message={message}
            onClose={() => {
              setMessage(null);
              const next = afterMessage.current;
              afterMessage.current = null;
              next?.();
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
