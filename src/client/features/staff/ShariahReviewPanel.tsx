/**
 * Staff: the Shariah review of a project waiting to open (issue 31 §5). Shows the reviews recorded (newest first, the
 * one in force marked) and, while the project waits, a form to record one: approved with the adviser, a note and the
 * signed opinion (a PDF or an image), or changes requested with a note the owner sees.
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShariahReviewView } from '../../../shared/api/views';
import { api, downloadFile } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { useSubmit } from '../../lib/use-submit';
import { readFileAsDataUrl } from '../../form-engine/file-data-url';
import InlineFailure from '../../components/InlineFailure';
import { formatDate } from '../../../shared/format/dates';

type Decision = ShariahReviewView['decision'];
interface Recorded extends ShariahReviewView {
  id: string;
  reviewer: string | null;
}
interface ReviewForm {
  decision: Decision;
  adviser: string;
  note: string;
  opinion?: string;
}

const DECISION_LABEL: Record<Decision, string> = { approved: 'Approved', changes_requested: 'Changes requested' };

export default function ShariahReviewPanel({ projectId, canRecord, onRecorded }: { projectId: string; canRecord: boolean; onRecorded: () => void }) {
  const history = useApi<{ inForce: string | null; items: Recorded[] }>(`/staff/projects/${projectId}/shariah-review`);
  const [form, setForm] = useState<ReviewForm>({ decision: 'approved', adviser: '', note: '' });
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const record = useSubmit<ReviewForm>(async (data) => {
    await api.post(`/staff/projects/${projectId}/shariah-review`, data);
    return { title: 'Shariah review recorded', text: data.decision === 'approved' ? 'The project may now be approved to open.' : 'The owner is told what to change.', tone: 'success' };
  }, 'Not recorded');
  const errorOf = (field: string) => record.errors.find((e) => e.path === `/${field}`)?.message;

  async function choose(file: File | undefined) {
    if (!file) return;
    setForm((f) => ({ ...f, opinion: undefined }));
    setFileName(file.name);
    const url = await readFileAsDataUrl(file);
    setForm((f) => ({ ...f, opinion: url }));
  }

  const items = history.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="shariah-heading">
      <Typography variant="h6" component="h3" id="shariah-heading">
        Shariah review
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">No Shariah review is recorded yet. An investment project opens only with an approved one.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {items.map((r) => (
            <li key={r.id}>
              <Typography variant="body2">
                <strong>{DECISION_LABEL[r.decision]}</strong> by {r.adviser} on {formatDate(r.decidedAt)}
                {r.id === history.data?.inForce ? ' (in force)' : ''} · {r.note}
                {r.opinionFileId ? (
                  <>
                    {' · '}
                    <Button size="small" onClick={() => void downloadFile(`/files/${r.opinionFileId}`, 'shariah-opinion')}>
                      Opinion
                    </Button>
                  </>
                ) : null}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {canRecord && (
        <Box
          component="form"
          noValidate
          sx={{ display: 'grid', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            void record.submit(form).then((ok) => {
              if (!ok) return;
              setForm({ decision: 'approved', adviser: '', note: '' });
              setFileName(null);
              history.reload();
              onRecorded();
            });
          }}
        >
          <FormControl>
            <FormLabel id="shariah-decision">Shariah decision</FormLabel>
            <RadioGroup row aria-labelledby="shariah-decision" value={form.decision} onChange={(e) => setForm({ ...form, decision: e.target.value as Decision })}>
              {/* "Compliant", not "Approved": the project's own decision below offers "Approve". */}
              <FormControlLabel value="approved" control={<Radio />} label="Compliant (opinion attached)" />
              <FormControlLabel value="changes_requested" control={<Radio />} label="Changes requested" />
            </RadioGroup>
          </FormControl>
          <TextField label="Shariah adviser" required value={form.adviser} onChange={(e) => setForm({ ...form, adviser: e.target.value })} error={Boolean(errorOf('adviser'))} helperText={errorOf('adviser')} />
          <TextField
            label={form.decision === 'approved' ? 'Note' : 'What must change (the owner sees this)'}
            required
            multiline
            minRows={2}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
            error={Boolean(errorOf('note'))}
            helperText={errorOf('note')}
          />
          <FormControl error={Boolean(errorOf('opinion'))}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              {/* A plain button that opens the chooser (a <label> drawn as a button is not a role axe allows). */}
              <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                {fileName ? 'Replace signed opinion' : 'Choose signed opinion'}
              </Button>
              <input ref={fileInput} hidden type="file" accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg" aria-label="Signed opinion (PDF or image)" onChange={(e) => void choose(e.target.files?.[0])} />
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {fileName ?? (form.decision === 'approved' ? 'A PDF or an image, 5 MB at most (required to approve)' : 'Optional')}
              </Typography>
            </Box>
            {errorOf('opinion') && <FormHelperText>{errorOf('opinion')}</FormHelperText>}
          </FormControl>
          <Box>
            <Button type="submit" variant="contained" disabled={record.busy || (fileName !== null && !form.opinion)}>
              Record Shariah review
            </Button>
          </Box>
          <InlineFailure failure={record.failure} onClose={record.clearFailure} />
        </Box>
      )}
    </Paper>
  );
}
