/**
 * The site content's editor (SiteContentPage): the content form, its draft saved as it changes, the Bengali, the
 * changes against the published version, the history, approval and publishing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SchemaForm, previewDefinition } from '../../form-engine';
import type { FormId } from '../../../shared/generated/form-types';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import PendingApproval from './PendingApproval';
import {
  decideContentVersion,
  deleteContentDraft,
  getContentVersion,
  getPublishedContent,
  listContentVersions,
  saveContentDraft,
  type ContentProblem,
  type ContentVersionSummary,
  type ContentWords,
} from '../../lib/content-api';
import contentUi from '../../config/content.ui.json';
import contentFormWords from './content-form.bn.json';
import { Diff } from './DiffPanel';
import ContentTranslationsPanel, { contentDraftWords } from './ContentTranslationsPanel';
import { pretty } from './use-studio-draft';
import { draftLine } from './words';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';
import type { Loaded } from './site-content-load';
import PublishContent from './PublishContent';
import ContentHistory from './ContentHistory';

const SAVE_DELAY_MS = 800;

type Save = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; message: string };

export default function SiteContentEditor({ loaded, reload }: { loaded: Loaded; reload: () => void }) {
  const { published, schema, others } = loaded;
  const { t, language } = useWords();
  const n = (v: number) => formatNumber(v, language);
  const [content, setContent] = useState(loaded.start.content);
  const [translations, setTranslations] = useState<ContentWords>(loaded.start.translations);
  const [baseVersion, setBaseVersion] = useState(loaded.start.baseVersion);
  const [hasDraft, setHasDraft] = useState(loaded.start.hasDraft);
  const [problems, setProblems] = useState<ContentProblem[]>([]);
  const [save, setSave] = useState<Save>({ state: 'idle' });
  const [tab, setTab] = useState(0);
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The content form's own words (titles, help, options) in Bengali, so a Bengali page draws the form in Bengali too.
  const definition = useMemo(() => ({ ...previewDefinition('content' as FormId, schema, contentUi), translations: { bn: contentFormWords } }), [schema]);
  // Each text once per change, not on every comparison.
  const contentText = useMemo(() => JSON.stringify(content), [content]);
  const publishedText = useMemo(() => JSON.stringify(published.content), [published]);
  const wordsText = useMemo(() => JSON.stringify(translations), [translations]);
  const publishedWordsText = useMemo(() => JSON.stringify(published.translations ?? {}), [published]);
  const missingCount = useMemo(() => contentDraftWords(content, translations).missing.size, [content, translations]);
  const [versions, setVersions] = useState<ContentVersionSummary[] | null>(null);
  useEffect(() => {
    listContentVersions().then(setVersions, () => setVersions(null));
  }, []);
  const loadSides = useCallback(async (v: number) => [{ label: t('Site content'), live: pretty(published.content), proposed: pretty((await getContentVersion(v)).content) }],
    [published, t],
  );

  const saveNow = useCallback(async (next: Record<string, unknown>, base: number, words: ContentWords) => {
    setSave({ state: 'saving' });
    try {
      const answer = await saveContentDraft(base, next, words);
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
    timer.current = setTimeout(() => void saveNow(next, baseVersion, translations), SAVE_DELAY_MS);
  }

  function wordsChanged(next: ContentWords): void {
    setTranslations(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(content, baseVersion, next), SAVE_DELAY_MS);
  }

  async function discard(): Promise<void> {
    if (
      !(await confirm({
        title: t('Discard your draft?'),
        text: t('Your changes to the site content are deleted. The published version stays as it is.'),
        confirmText: t('Discard'),
      }))
    )
      return;
    clearTimeout(timer.current);
    await deleteContentDraft().catch(() => undefined);
    reload();
  }

  /** Keeps my changes and starts them from the version published now (after someone else published). */
  async function rebase(): Promise<void> {
    const now = await getPublishedContent();
    clearTimeout(timer.current);
    await saveNow(content, now.version, translations);
    reload();
  }

  async function restore(version: number): Promise<void> {
    if (
      !(await confirm({
        title: t('Start from version {version}?', { version: n(version) }),
        text: t("Your draft becomes version {version}'s content. Publish it to make it current again.", { version: n(version) }),
        confirmText: t('Start from it'),
      }))
    )
      return;
    const v = await getContentVersion(version);
    clearTimeout(timer.current);
    // Its Bengali, and the draft's for a text it shares that it has none for (publishing keeps only its texts' words).
    const words = { ...translations, ...v.translations };
    setContent(v.content as unknown as Record<string, unknown>);
    setTranslations(words);
    setBaseVersion(published.version);
    await saveNow(v.content as unknown as Record<string, unknown>, published.version, words);
    reload();
  }

  const same = contentText === publishedText && wordsText === publishedWordsText;
  const saveText =
    save.state === 'saving'
      ? t('Saving…')
      : save.state === 'failed'
        ? t('Not saved: {reason}', { reason: save.message })
        : hasDraft
          ? t('Draft saved')
          : t('No draft: your changes save as a draft by themselves');

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("The site's texts, menus, home-page sections, pages, blog posts and help, as a form made from {file}.", { file: 'content.schema.json' })}{' '}
        {t('Version {version} is published; a new version reaches visitors on their next page load.', { version: n(published.version) })}
      </Typography>
      {others.length > 0 && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('Also editing: {drafts}. Whoever publishes first wins; the other is told.', { drafts: others.map((o) => draftLine(t, language, o)).join('; ') })}
        </Alert>
      )}
      {baseVersion !== published.version && (
        <Alert
          severity="warning"
          role="note"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void rebase()}>
              {t('Base my draft on version {version}', { version: n(published.version) })}
            </Button>
          }
        >
          {t(
            'Your draft started from version {base}; version {current} is published now. Publishing will be refused until you base your draft on it (your changes are kept; compare them in Changes).',
            { base: n(baseVersion), current: n(published.version) },
          )}
        </Alert>
      )}
      <PendingApproval
        versions={versions}
        live={published.version}
        load={loadSides}
        decide={decideContentVersion}
        onDecided={(v, approved) => {
          toast({
            title: approved ? t('Version {version} approved', { version: n(v) }) : t('Version {version} returned', { version: n(v) }),
            text: approved ? t('Visitors get it on their next page load.') : t('Its author reads your note.'),
            tone: 'success',
          });
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
            {t('Discard draft')}
          </Button>
        )}
      </Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label={t('Site content views')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        <Tab label={t('Edit')} />
        <Tab label={missingCount ? t('Bengali ({count} missing)', { count: n(missingCount) }) : t('Bengali')} />
        <Tab label={same ? t('Changes') : t('Changes (unpublished)')} />
        <Tab label={t('History')} />
      </Tabs>
      <Box hidden={tab !== 0}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
          <SchemaForm formId={'content' as FormId} definition={definition} initialData={loaded.start.content as never} onSubmit={() => undefined} onChange={(d) => changed(d as Record<string, unknown>)} hideTitle />
        </Paper>
      </Box>
      {tab === 1 && <ContentTranslationsPanel content={content} translations={translations} onChange={wordsChanged} />}
      {tab === 2 && <Diff label={t('Site content')} published={pretty(published.content)} draft={pretty(content)} />}
      {tab === 3 && <ContentHistory current={published.version} onRestore={(v) => void restore(v)} />}
      <Box sx={{ mt: 3 }}>
        {missingCount > 0 && (
          <Alert
            severity="warning"
            role="note"
            sx={{ mb: 2 }}
            action={
              tab === 1 ? undefined : (
                <Button color="inherit" size="small" onClick={() => setTab(1)}>
                  {t('Write the Bengali')}
                </Button>
              )
            }
          >
            {t('{count, plural, one {# text} other {# texts}} without Bengali: Bengali readers see them in English until you write it.', { count: missingCount })}
          </Alert>
        )}
        <PublishContent baseVersion={baseVersion} content={content} translations={translations} problems={problems} disabled={same} onPublished={(answer) => {
          const { version } = answer;
          toast(
            'status' in answer
              ? {
                  title: t('Version {version} is waiting for approval', { version: n(version) }),
                  text: t('It takes effect when another staff member approves it; version {live} stays live until then.', { live: n(published.version) }),
                  tone: 'success',
                }
              : { title: t('Version {version} published', { version: n(version) }), text: t('Visitors get it on their next page load.'), tone: 'success' },
          );
          reload();
        }} onStale={() => void rebase()} />
      </Box>
      {dialog}
    </>
  );
}
