/**
 * Staff: one form in the studio. The schema and the ui-schema in JSON editors (syntax errors and the server's lint
 * on their lines, completion of keywords), the live preview and the test cases beside them, the changes against the
 * published version, publishing with a note, and the version history with rollback. The draft saves itself.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ErrorState, Loading } from '../../components/Status';
import { useConfirm } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { formatDateTime } from '../../../shared/format/dates';
import JsonEditor from './JsonEditor';
import PreviewPanel from './PreviewPanel';
import CasesPanel from './CasesPanel';
import DiffPanel from './DiffPanel';
import HistoryPanel from './HistoryPanel';
import PublishPanel from './PublishPanel';
import PendingApproval from './PendingApproval';
import TranslationsPanel, { draftWords } from './TranslationsPanel';
import { useApi } from '../../lib/use-api';
import { decideFormVersion, getFormVersion, type Published } from '../../lib/forms-api';
import { notJsonText, pretty, useStudioDraft, type SaveState } from './use-studio-draft';
import { draftLine } from './words';
import { useWords, type Words } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';
import type { Language } from '../../../shared/i18n/language';

const TABS = ['Schema', 'UI schema', 'Translations', 'Changes', 'History'] as const;
/** The Translations tab's place, where the Publish panel's link leads. */
const TRANSLATIONS_TAB = TABS.indexOf('Translations');

function saveText(t: Words['t'], language: Language, s: SaveState, hasDraft: boolean): string {
  switch (s.kind) {
    case 'saving':
      return t('Saving your draft…');
    case 'saved':
      return t('Draft saved {when}', { when: formatDateTime(s.at, language) });
    case 'invalid':
    case 'failed':
      return t('Not saved: {reason}', { reason: s.kind === 'invalid' ? notJsonText(t, s) : s.message });
    default:
      return hasDraft ? t('Draft saved') : t('No draft: your changes save as a draft by themselves');
  }
}

export default function FormStudioPage() {
  const { formId = '' } = useParams();
  const { t, language } = useWords();
  const n = (v: number) => formatNumber(v, language);
  const d = useStudioDraft(formId);
  const [tab, setTab] = useState(0);
  // What was typed into the preview: read only when the preview is drawn again, so it needs no render of its own.
  const previewData = useRef<Record<string, unknown>>({});
  const [published, setPublishedKey] = useState(0);
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  // New lists only when the check changes, so the editors re-lint then and not on every render.
  const lint = d.check?.lint;
  const schemaLint = useMemo(() => (lint ?? []).filter((l) => l.in !== 'uiSchema'), [lint]);
  const uiLint = useMemo(() => (lint ?? []).filter((l) => l.in === 'uiSchema'), [lint]);
  const parsedSchema = d.parsed.ok ? d.parsed.schema : null;
  const parsedUi = d.parsed.ok ? d.parsed.uiSchema : null;
  const missingWords = useMemo(() => draftWords(parsedSchema, parsedUi, d.translations).missing.size, [parsedSchema, parsedUi, d.translations]);
  // The versions, for the one waiting for approval (four eyes); a publish or a decision reads them again.
  const versions = useApi(`/forms/${encodeURIComponent(formId)}/versions`);
  const reloadVersions = versions.reload;
  useEffect(() => {
    if (published > 0) reloadVersions();
  }, [published, reloadVersions]);
  const live = d.published;
  const loadSides = useCallback(
    async (v: number) => {
      const proposed = await getFormVersion(formId, v);
      return [
        { label: t('Schema changes'), live: pretty(live?.schema), proposed: pretty(proposed.schema) },
        { label: t('UI schema changes'), live: pretty(live?.uiSchema), proposed: pretty(proposed.uiSchema) },
      ];
    },
    [formId, live, t],
  );

  if (d.loadError) {
    return d.loadError.status === 404 ? <ErrorState message={t('There is no form “{formId}”.', { formId })} /> : <ErrorState message={d.loadError.message} onRetry={d.reload} />;
  }
  if (!d.published) return <Loading label={t('Loading the form…')} />;
  const current = d.published;
  const counted = (label: string, count: number) => (count ? `${label} (${n(count)})` : label);
  const tabLabel = (tab: (typeof TABS)[number]): string => {
    switch (tab) {
      case 'Schema':
        return counted(t('Schema'), schemaLint.length);
      case 'UI schema':
        return counted(t('UI schema'), uiLint.length);
      case 'Translations':
        return counted(t('Translations'), missingWords);
      case 'Changes':
        return t('Changes');
      default:
        return t('History');
    }
  };
  const title = String((current.schema as { title?: unknown }).title ?? formId);

  /**
   * After a publish my draft is done with (it is the new version, live or waiting for approval); after a restore
   * it stays, now behind.
   */
  function afterPublish(published: Published, title: string, draftDone: boolean): void {
    const { version } = published;
    const waits = 'status' in published;
    toast({
      title: waits ? t('{title}: waiting for approval', { title }) : title,
      text: waits
        ? t('Version {version} takes effect when another staff member approves it; version {live} stays live until then.', { version: n(version), live: n(current.version) })
        : t('Version {version} is what everyone gets from now on.', { version: n(version) }),
      tone: 'success',
    });
    setPublishedKey((k) => k + 1);
    if (draftDone) void d.discard();
    else d.reload();
  }

  async function discard(): Promise<void> {
    const yes = await confirm({
      title: t('Discard your draft?'),
      text: t('Your changes are lost and the editors show version {version} again.', { version: n(current.version) }),
      confirmText: t('Discard draft'),
    });
    if (yes) await d.discard();
  }

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h2">
          {(language === 'bn' && d.translations.bn?.[title]) || title}{' '}
          <Typography component="span" color="text.secondary">
            {t('({formId}, version {version} published)', { formId, version: n(current.version) })}
          </Typography>
        </Typography>
        <Link component={RouterLink} to="/staff/forms">
          {t('All forms')}
        </Link>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography role="status" aria-live="polite" color={d.save.kind === 'invalid' || d.save.kind === 'failed' ? 'error' : 'text.secondary'}>
          {saveText(t, language, d.save, d.hasDraft)}
        </Typography>
        {d.hasDraft && (
          <Button size="small" onClick={() => void discard()}>
            {t('Discard draft')}
          </Button>
        )}
      </Box>
      {d.others.length > 0 && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('Also editing this form: {drafts}. Whoever publishes second has to base their draft on the new version first.', {
            drafts: d.others.map((o) => draftLine(t, language, o)).join('; '),
          })}
        </Alert>
      )}
      <PendingApproval
        versions={versions.data}
        live={current.version}
        load={loadSides}
        decide={(v, approve, note) => decideFormVersion(formId, v, approve, note)}
        onDecided={(v, approved) => {
          toast({
            title: approved ? t('Version {version} approved', { version: n(v) }) : t('Version {version} returned', { version: n(v) }),
            text: approved ? t('Version {version} is what everyone gets from now on.', { version: n(v) }) : t('Its author reads your note.'),
            tone: 'success',
          });
          setPublishedKey((k) => k + 1);
          d.reload();
        }}
        onContinue={(v) =>
          void getFormVersion(formId, v).then((returned) => {
            d.setSchemaText(pretty(returned.schema));
            d.setUiText(pretty(returned.uiSchema));
            d.setTranslations(returned.translations ?? {});
            setTab(0);
          })
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }, gap: 3, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('Editor')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
            {TABS.map((name, i) => (
              <Tab key={name} label={tabLabel(name)} id={`studio-tab-${i}`} aria-controls={`studio-panel-${i}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`studio-panel-${tab}`} aria-labelledby={`studio-tab-${tab}`}>
            {tab === 0 && <JsonEditor key={`schema-${formId}`} label={t('Schema of {formId}', { formId })} kind="schema" value={d.schemaText} onChange={d.setSchemaText} problems={schemaLint} />}
            {tab === 1 && <JsonEditor key={`ui-${formId}`} label={t('UI schema of {formId}', { formId })} kind="ui" value={d.uiText} onChange={d.setUiText} problems={uiLint} />}
            {tab === 2 && <TranslationsPanel schema={parsedSchema} uiSchema={parsedUi} translations={d.translations} onChange={d.setTranslations} />}
            {tab === 3 && <DiffPanel version={current.version} published={{ schema: pretty(current.schema), ui: pretty(current.uiSchema) }} draft={{ schema: d.schemaText, ui: d.uiText }} />}
            {tab === 4 && <HistoryPanel formId={formId} current={current.version} refreshKey={published} onRestored={(p) => afterPublish(p, t('Restored as version {version}', { version: n(p.version) }), false)} />}
          </Box>
          <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
            <Typography variant="h6" component="h3" gutterBottom>
              {t('Publish')}
            </Typography>
            <PublishPanel
              formId={formId}
              baseVersion={d.baseVersion}
              currentVersion={current.version}
              draft={d.parsed.ok ? { schema: d.parsed.schema, uiSchema: d.parsed.uiSchema, translations: d.translations } : null}
              missingWords={missingWords}
              onShowTranslations={() => setTab(TRANSLATIONS_TAB)}
              check={d.check}
              onPublished={(p) => afterPublish(p, t('Published version {version}', { version: n(p.version) }), true)}
              onRebase={d.rebase}
            />
          </Paper>
        </Box>
        <Box sx={{ minWidth: 0, display: 'grid', gap: 3 }}>
          <Paper variant="outlined" component="section" role="region" aria-labelledby="studio-preview" sx={{ p: 2 }}>
            <Typography id="studio-preview" variant="h6" component="h3">
              {t('Preview')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('The form as people will see it. Messages come from the server: press “Test this data” to add what you typed as a test case.')}
            </Typography>
            {d.parsed.ok ? (
              <PreviewPanel
                formId={formId}
                schema={d.parsed.schema}
                uiSchema={d.parsed.uiSchema}
                translations={d.translations}
                data={previewData.current}
                onData={(data) => {
                  previewData.current = data;
                }}
                onUse={(data) => {
                  const name = t('From the preview');
                  d.setCases((list) => [...list.filter((c) => c.name !== name), d.newCase(name, data)]);
                }}
              />
            ) : (
              <Alert severity="info">{notJsonText(t, d.parsed)}</Alert>
            )}
          </Paper>
          <Paper variant="outlined" component="section" role="region" aria-labelledby="studio-cases" sx={{ p: 2 }}>
            <Typography id="studio-cases" variant="h6" component="h3" gutterBottom>
              {t('Test cases')}
            </Typography>
            <CasesPanel cases={d.cases} onChange={d.setCases} onAdd={() => d.setCases((list) => [...list, d.newCase(t('Case {number}', { number: n(list.length + 1) }))])} results={d.check?.cases ?? null} checkError={d.checkError} />
          </Paper>
        </Box>
      </Box>
      {dialog}
    </>
  );
}
