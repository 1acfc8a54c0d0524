/**
 * Publishing a draft with a note. The server refuses a draft with lint errors, one that removes, renames or retypes
 * a field the code reads, and one based on a version that is no longer current; each refusal is shown with what
 * to do. The lint and protected-field problems of the last check are listed before publishing too.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ApiError } from '../../lib/api';
import NoteAndPublish from './NoteAndPublish';
import { publishForm, type CheckResult, type Published, type PublishedForm } from '../../lib/forms-api';
import { formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

export interface PublishPanelProps {
  formId: string;
  baseVersion: number;
  currentVersion: number;
  draft: { schema: unknown; uiSchema: unknown; translations: PublishedForm['translations'] } | null;
  /** How many texts of the draft have no Bengali yet (publishing waits for them), and the way to their tab. */
  missingWords: number;
  onShowTranslations: () => void;
  check: CheckResult | null;
  /** After a publish: live at once, or waiting for approval (`status`). */
  onPublished: (published: Published) => void;
  onRebase: () => Promise<void>;
}

type Refusal = { kind: 'stale' | 'invalid' | 'other'; message: string; problems: string[] };

export default function PublishPanel({ formId, baseVersion, currentVersion, draft, missingWords, onShowTranslations, check, onPublished, onRebase }: PublishPanelProps) {
  const { t, language } = useWords();
  const n = (v: number) => formatNumber(v, language);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const lint = check?.lint ?? [];
  const guarded = check?.protected ?? [];

  async function publish(note: string): Promise<boolean> {
    if (!draft || missingWords > 0) return false;
    setRefusal(null);
    try {
      onPublished(await publishForm(formId, { baseVersion, schema: draft.schema, uiSchema: draft.uiSchema, translations: draft.translations, note }));
      return true;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, String(e));
      setRefusal({ kind: err.status === 409 ? 'stale' : err.status === 422 || err.status === 400 ? 'invalid' : 'other', message: err.message, problems: err.errors.map((f) => f.message) });
      return false;
    }
  }

  return (
    <Box component="section" aria-label={t('Publish')}>
      {baseVersion !== currentVersion && (
        <Alert severity="warning" role="note" sx={{ mb: 2 }}>
          {t('Your draft started from version {base}; version {current} is published now. Publishing will be refused until you base your draft on it.', {
            base: n(baseVersion),
            current: n(currentVersion),
          })}
        </Alert>
      )}
      {(lint.length > 0 || guarded.length > 0) && (
        <Alert severity="error" role="region" aria-label={t('Problems to fix before publishing')} sx={{ mb: 2 }}>
          <AlertTitle>{t('Publishing will be refused until these are fixed')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {lint.map((l) => (
              <li key={`l ${l.path} ${l.message}`}>
                {l.in === 'uiSchema' ? t('UI schema') : t('Schema')} {l.path && <code>{l.path}</code>}: {l.message}
              </li>
            ))}
            {guarded.map((p) => (
              <li key={`p ${p.field} ${p.problem}`}>
                <code>{p.field}</code> {t('(read by the code)')}: {p.problem}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {missingWords > 0 && (
        <Alert
          severity="error"
          role="note"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onShowTranslations} sx={{ whiteSpace: 'nowrap' }}>
              {t('Show the missing texts')}
            </Button>
          }
        >
          {t('Publishing waits for the Bengali of {count, plural, one {# text: translate it} other {# texts: translate them}} in the Translations tab.', { count: missingWords })}
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} action={refusal.kind === 'stale' ? <Button color="inherit" size="small" onClick={() => void onRebase().then(() => setRefusal(null))}>
                {t('Base my draft on the newest version')}
              </Button> : undefined}>
          <AlertTitle>{refusal.kind === 'stale' ? t('Not published: someone published a newer version') : t('Not published')}</AlertTitle>
          {refusal.message}
          {refusal.problems.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {refusal.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          )}
          {refusal.kind === 'stale' && ` ${t('Base your draft on the newest version, look at the Changes tab to see what it changed, then publish again.')}`}
        </Alert>
      )}
      <NoteAndPublish disabled={!draft || missingWords > 0} help={missingWords > 0 ? t('Publish waits for the Bengali of {count, plural, one {# text} other {# texts}} (Translations tab)', { count: missingWords }) : undefined} publish={publish} />
    </Box>
  );
}
