/**
 * Staff: the site content (texts, menus, home-page sections, pages, blog posts, help) edited through a form the
 * engine generates from content.schema.json (with content.ui.json's hints), the way the forms are edited: the draft
 * saves itself with the problems the server finds, the Changes tab compares it with the published version, the
 * History tab restores an older one, and Publish (with a note) is refused while there are problems or when someone
 * published after the draft was started. When approval is required (four eyes) a published version waits until
 * another staff member approves it (PendingApproval). Visitors get a live version on their next page load.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SchemaForm, previewDefinition } from '../../form-engine';
import type { FormId } from '../../../shared/generated/form-types';
import { ErrorState, Loading } from '../../components/Status';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../lib/api';
import NoteAndPublish from './NoteAndPublish';
import PendingApproval from './PendingApproval';
import type { Published } from '../../lib/forms-api';
import {
  decideContentVersion,
  deleteContentDraft,
  getContentDraft,
  getContentSchema,
  getContentVersion,
  getPublishedContent,
  listContentVersions,
  publishContent,
  saveContentDraft,
  type ContentProblem,
  type ContentVersionSummary,
  type OtherDraft,
  type PublishedContent,
} from '../../lib/content-api';
import { formatDateTime } from '../../../shared/format/dates';
import contentUi from '../../config/content.ui.json';
import { Diff } from './DiffPanel';
import { pretty } from './use-studio-draft';
import { decisionLine, draftLine, STATUS_LABEL, wentLive } from './words';

const SAVE_DELAY_MS = 800;

type Save = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; message: string };

interface Loaded {
  published: PublishedContent;
  schema: Record<string, unknown>;
  /** What the form starts from: my draft, or the published content. */
  start: { content: Record<string, unknown>; baseVersion: number; hasDraft: boolean; updatedAt: string | null };
  others: OtherDraft[];
}

async function load(): Promise<Loaded> {
  const [published, schema, draft] = await Promise.all([
    getPublishedContent(),
    getContentSchema(),
    getContentDraft().catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return { others: (e.body?.others ?? []) as OtherDraft[] };
      throw e;
    }),
  ]);
  const mine = 'content' in draft ? draft : null;
  return {
    published,
    schema,
    start: mine
      ? { content: mine.content as unknown as Record<string, unknown>, baseVersion: mine.baseVersion, hasDraft: true, updatedAt: mine.updatedAt }
      : { content: published.content as unknown as Record<string, unknown>, baseVersion: published.version, hasDraft: false, updatedAt: null },
    others: draft.others,
  };
}

export default function SiteContentPage() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(0);
  const reload = useCallback(() => {
    setLoadError(null);
    load().then(
      (l) => {
        setLoaded(l);
        setDrawn((n) => n + 1);
      },
      (e: unknown) => setLoadError((e as Error).message),
    );
  }, []);
  useEffect(reload, [reload]);

  if (loadError) return <ErrorState message={loadError} onRetry={reload} />;
  if (!loaded) return <Loading label="Loading the site content…" />;
  return <Editor key={drawn} loaded={loaded} reload={reload} />;
}

function Editor({ loaded, reload }: { loaded: Loaded; reload: () => void }) {
  const { published, schema, others } = loaded;
  const [content, setContent] = useState(loaded.start.content);
  const [baseVersion, setBaseVersion] = useState(loaded.start.baseVersion);
  const [hasDraft, setHasDraft] = useState(loaded.start.hasDraft);
  const [problems, setProblems] = useState<ContentProblem[]>([]);
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const [tab, setTab] = useState(0);
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const definition = useMemo(() => previewDefinition('content' as FormId, schema, contentUi), [schema]);
  // Each text once per change, not on every comparison.
  const contentText = useMemo(() => JSON.stringify(content), [content]);
  const publishedText = useMemo(() => JSON.stringify(published.content), [published]);
  const [versions, setVersions] = useState<ContentVersionSummary[] | null>(null);
  useEffect(() => {
    listContentVersions().then(setVersions, () => setVersions(null));
  }, []);
  const loadSides = useCallback(async (v: number) => [{ label: 'Site content', live: pretty(published.content), proposed: pretty((await getContentVersion(v)).content) }], [published]);

  const saveNow = useCallback(async (next: Record<string, unknown>, base: number) => {
    setSave({ state: 'saving' });
    try {
      const answer = await saveContentDraft(base, next);
      setProblems(answer.problems);
      setHasDraft(true);
      setSave({ state: 'saved' });
    } catch (e) {
      setSave({ state: 'failed', message: (e as Error).message });
    }
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  function changed(next: Record<string, unknown>): void {
    if (JSON.stringify(next) === contentText) return;
    setContent(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(next, baseVersion), SAVE_DELAY_MS);
  }

  async function discard(): Promise<void> {
    if (!(await confirm({ title: 'Discard your draft?', text: 'Your changes to the site content are deleted. The published version stays as it is.', confirmText: 'Discard' }))) return;
    clearTimeout(timer.current);
    await deleteContentDraft().catch(() => undefined);
    reload();
  }

  /** Keeps my changes and starts them from the version published now (after someone else published). */
  async function rebase(): Promise<void> {
    const now = await getPublishedContent();
    clearTimeout(timer.current);
    await saveNow(content, now.version);
    reload();
  }

  async function restore(version: number): Promise<void> {
    if (!(await confirm({ title: `Start from version ${version}?`, text: `Your draft becomes version ${version}'s content. Publish it to make it current again.`, confirmText: 'Start from it' }))) return;
    const v = await getContentVersion(version);
    clearTimeout(timer.current);
    setContent(v.content as unknown as Record<string, unknown>);
    setBaseVersion(published.version);
    await saveNow(v.content as unknown as Record<string, unknown>, published.version);
    reload();
  }

  const same = contentText === publishedText;
  const saveText =
    save.state === 'saving' ? 'Saving…' : save.state === 'failed' ? `Not saved: ${save.message}` : hasDraft ? 'Draft saved' : 'No draft: your changes save as a draft by themselves';

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The site&apos;s texts, menus, home-page sections, pages, blog posts and help, as a form made from <code>content.schema.json</code>. Version{' '}
        {published.version} is published; a new version reaches visitors on their next page load.
      </Typography>
      {others.length > 0 && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          Also editing: {others.map((o) => draftLine(o)).join('; ')}. Whoever publishes first wins; the other is told.
        </Alert>
      )}
      {baseVersion !== published.version && (
        <Alert
          severity="warning"
          role="note"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void rebase()}>
              Base my draft on version {published.version}
            </Button>
          }
        >
          Your draft started from version {baseVersion}; version {published.version} is published now. Publishing will be refused until you base your draft on it (your changes are kept; compare them in Changes).
        </Alert>
      )}
      <PendingApproval
        versions={versions}
        live={published.version}
        load={loadSides}
        decide={decideContentVersion}
        onDecided={(v, approved) => {
          toast({ title: approved ? `Version ${v} approved` : `Version ${v} returned`, text: approved ? 'Visitors get it on their next page load.' : 'Its author reads your note.', tone: 'success' });
          reload();
        }}
        onContinue={(v) => void restore(v)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography role="status" color={save.state === 'failed' ? 'error' : 'text.secondary'} sx={{ flex: 1 }}>
          {saveText}
        </Typography>
        {hasDraft && (
          <Button variant="text" color="inherit" onClick={() => void discard()}>
            Discard draft
          </Button>
        )}
      </Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label="Site content views" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        <Tab label="Edit" />
        <Tab label={same ? 'Changes' : 'Changes (unpublished)'} />
        <Tab label="History" />
      </Tabs>
      <Box hidden={tab !== 0}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
          <SchemaForm formId={'content' as FormId} definition={definition} initialData={loaded.start.content as never} onSubmit={() => undefined} onChange={(d) => changed(d as Record<string, unknown>)} hideTitle />
        </Paper>
      </Box>
      {tab === 1 && <Diff label="Site content" published={pretty(published.content)} draft={pretty(content)} />}
      {tab === 2 && <History current={published.version} onRestore={(v) => void restore(v)} />}
      <Box sx={{ mt: 3 }}>
        <PublishContent baseVersion={baseVersion} content={content} problems={problems} disabled={same} onPublished={({ version, status }) => {
          toast(
            status === 'pending_approval'
              ? { title: `Version ${version} is waiting for approval`, text: `It takes effect when another staff member approves it; version ${published.version} stays live until then.`, tone: 'success' }
              : { title: `Version ${version} published`, text: 'Visitors get it on their next page load.', tone: 'success' },
          );
          reload();
        }} onStale={() => void rebase()} />
      </Box>
      {dialog}
    </>
  );
}

function PublishContent({ baseVersion, content, problems, disabled, onPublished, onStale }: {
  baseVersion: number;
  content: unknown;
  problems: ContentProblem[];
  disabled: boolean;
  onPublished: (published: Published) => void;
  onStale: () => void;
}) {
  const [refusal, setRefusal] = useState<{ stale: boolean; message: string; problems: ContentProblem[] } | null>(null);
  // A refusal is about the content it was given: an edit makes it old news (the draft's own check follows).
  useEffect(() => setRefusal(null), [content]);

  async function publish(note: string): Promise<boolean> {
    setRefusal(null);
    try {
      onPublished(await publishContent(baseVersion, content, note));
      return true;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, String(e));
      setRefusal({ stale: err.status === 409, message: err.message, problems: err.errors.map((f) => ({ path: f.path, message: f.message })) });
      return false;
    }
  }

  const listed = refusal?.problems.length ? refusal.problems : problems;
  return (
    <Box component="section" aria-label="Publish">
      {listed.length > 0 && !refusal?.stale && (
        <Alert severity="error" role="region" aria-label="Problems to fix before publishing" sx={{ mb: 2 }}>
          <AlertTitle>{refusal ? 'Not published' : 'Publishing will be refused until these are fixed'}</AlertTitle>
          {refusal && <Typography variant="body2">{refusal.message}</Typography>}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {listed.map((p) => (
              <li key={`${p.path} ${p.message}`}>
                <code>{p.path || '/'}</code>: {p.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {refusal && (refusal.stale || refusal.problems.length === 0) && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} action={refusal.stale ? <Button color="inherit" size="small" onClick={onStale}>Base my draft on the newest version</Button> : undefined}>
          <AlertTitle>{refusal.stale ? 'Not published: someone published a newer version' : 'Not published'}</AlertTitle>
          {refusal.message}
        </Alert>
      )}
      <NoteAndPublish disabled={disabled} help={disabled ? 'Nothing to publish: the draft equals the published version' : undefined} publish={publish} />
    </Box>
  );
}

function History({ current, onRestore }: { current: number; onRestore: (version: number) => void }) {
  const [versions, setVersions] = useState<ContentVersionSummary[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    listContentVersions().then(setVersions, (e: unknown) => setFailed((e as Error).message));
  }, [current]);
  if (failed) return <ErrorState message={failed} />;
  if (!versions) return <Loading label="Loading the versions…" />;
  return (
    <List aria-label="Published versions" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {versions.map((v) => (
        <ListItem
          key={v.version}
          divider
          secondaryAction={
            v.version === current || !wentLive(v) ? undefined : (
              <Button size="small" onClick={() => onRestore(v.version)}>
                Start from it
              </Button>
            )
          }
        >
          <ListItemText
            primary={`Version ${v.version}${v.version === current ? ' (published)' : wentLive(v) ? '' : ` (${STATUS_LABEL[v.status].toLowerCase()})`}: ${v.note || 'no note'}`}
            secondary={[`${v.publishedBy ?? 'from the file'} · ${formatDateTime(v.publishedAt)}`, decisionLine(v)].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
