/** Publishing the site content (SiteContentEditor): a note and Publish, and why the server refused it. */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/api';
import type { Published } from '../../lib/forms-api';
import { publishContent, type ContentProblem, type ContentWords } from '../../lib/content-api';
import { useWords } from '../../lib/words';
import NoteAndPublish from './NoteAndPublish';

export default function PublishContent({ baseVersion, content, translations, problems, disabled, onPublished, onStale }: {
  baseVersion: number;
  content: unknown;
  translations: ContentWords;
  problems: ContentProblem[];
  disabled: boolean;
  onPublished: (published: Published) => void;
  onStale: () => void;
}) {
  const { t } = useWords();
  const [refusal, setRefusal] = useState<{ stale: boolean; message: string; problems: ContentProblem[] } | null>(null);
  // A refusal is about the content it was given: an edit makes it old news (the draft's own check follows).
  useEffect(() => setRefusal(null), [content, translations]);

  async function publish(note: string): Promise<boolean> {
    setRefusal(null);
    try {
      onPublished(await publishContent(baseVersion, content, translations, note));
      return true;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(0, String(e));
      setRefusal({ stale: err.status === 409, message: err.message, problems: err.errors.map((f) => ({ path: f.path, message: f.message })) });
      return false;
    }
  }

  const listed = refusal?.problems.length ? refusal.problems : problems;
  return (
    <Box component="section" aria-label={t('Publish')}>
      {listed.length > 0 && !refusal?.stale && (
        <Alert severity="error" role="region" aria-label={t('Problems to fix before publishing')} sx={{ mb: 2 }}>
          <AlertTitle>{refusal ? t('Not published') : t('Publishing will be refused until these are fixed')}</AlertTitle>
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
        <Alert severity="error" role="alert" sx={{ mb: 2 }} action={refusal.stale ? <Button color="inherit" size="small" onClick={onStale}>
                {t('Base my draft on the newest version')}
              </Button> : undefined}>
          <AlertTitle>{refusal.stale ? t('Not published: someone published a newer version') : t('Not published')}</AlertTitle>
          {refusal.message}
        </Alert>
      )}
      <NoteAndPublish disabled={disabled} help={disabled ? t('Nothing to publish: the draft equals the published version') : undefined} publish={publish} />
    </Box>
  );
}
