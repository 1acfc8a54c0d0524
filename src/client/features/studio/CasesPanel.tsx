/**
 * The test panel: named samples of form data kept with the draft, each with the server's answer for the draft —
 * "Accepted" or the exact messages a person would see.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import JsonEditor from './JsonEditor';
import type { CaseText } from './use-studio-draft';
import type { CheckResult } from '../../lib/forms-api';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';

export interface CasesPanelProps {
  cases: CaseText[];
  onChange: (cases: CaseText[]) => void;
  onAdd: () => void;
  results: CheckResult['cases'] | null;
  checkError: string | null;
}

export default function CasesPanel({ cases, onChange, onAdd, results, checkError }: CasesPanelProps) {
  const { t, language } = useWords();
  const update = (key: number, patch: Partial<CaseText>) => onChange(cases.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  return (
    <Box>
      {checkError && <Alert severity="error" sx={{ mb: 2 }}>{t('The server could not check the draft: {reason}', { reason: checkError })}</Alert>}
      {cases.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('No test cases yet. Add one, or fill the preview and press “Test this data”.')}
        </Typography>
      )}
      {cases.map((c, i) => {
        const names = cases.filter((o) => o.name === c.name).length;
        const result = names === 1 ? results?.find((r) => r.name === c.name) : undefined;
        return (
          <Box key={c.key} component="section" aria-label={t('Test case {name}', { name: c.name || formatNumber(i + 1, language) })} sx={{ mb: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <TextField size="small" label={t('Case name')} value={c.name} onChange={(e) => update(c.key, { name: e.target.value })} error={names > 1 || !c.name} helperText={!c.name ? t('Give the case a name') : names > 1 ? t('Another case has this name') : undefined} sx={{ flex: 1 }} />
              <IconButton aria-label={t('Remove test case {name}', { name: c.name })} onClick={() => onChange(cases.filter((o) => o.key !== c.key))}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <JsonEditor label={t('Data of test case {name}', { name: c.name })} kind="data" value={c.text} onChange={(text) => update(c.key, { text })} minHeight={80} />
            <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
              {!result ? (
                <Typography variant="body2" color="text.secondary">
                  {t('Waiting for the server’s answer…')}
                </Typography>
              ) : result.valid ? (
                <Chip color="success" size="small" label={t('Accepted')} />
              ) : (
                <>
                  <Chip color="error" size="small" label={t('Refused: {count, plural, one {# message} other {# messages}}', { count: result.errors.length })} sx={{ mb: 0.5 }} />
                  <Box component="ul" sx={{ m: 0, pl: 3 }}>
                    {result.errors.map((e) => (
                      <li key={`${e.path} ${e.message}`}>
                        <Typography variant="body2">
                          {e.path ? <code>{e.path}</code> : t('Form')}: {e.message}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                </>
              )}
            </Box>
          </Box>
        );
      })}
      <Button variant="outlined" onClick={onAdd}>
        {t('Add a test case')}
      </Button>
    </Box>
  );
}
