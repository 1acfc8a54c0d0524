/**
 * Staff: investors (issue 31 §1). Find a person by e-mail, phone or name, read their investor status (retail with
 * the limits and what they used of them, or qualified with the note and evidence of the mark) and its history, and
 * record a change with the `qualification` form: qualified with a note and an evidence document, or retail again.
 * Every change is audited by the server.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SchemaForm } from '../../form-engine';
import type { QualificationForm } from '../../../shared/generated/form-types';
import { api, downloadFile, fileUrl } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { useSubmit } from '../../lib/use-submit';
import InlineFailure from '../../components/InlineFailure';
import { ApiItems, EmptyState, ErrorState, Loading } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import type { ApiAnswer } from '../../lib/api-paths';

type Person = ApiAnswer<'GET /staff/people/{id}'>;

function Status({ person }: { person: Person }) {
  const { t, language } = useWords();
  const { qualification: q, limits } = person;
  if (q) {
    return (
      <Box>
        <Typography>
          <strong>{t('Qualified investor')}</strong>
          {t(': no retail limits. Marked {when} by {who}.', { when: formatDateTime(q.at, language), who: q.by ?? t('the command line') })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {q.note}
        </Typography>
        {q.evidenceFileId && (
          <Button size="small" onClick={() => void downloadFile(`/files/${q.evidenceFileId}`, 'qualification-evidence')}>
            {t('Evidence')}
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Box>
      <Typography>
        <strong>{t('Retail investor')}</strong>
        {t(': limits apply.')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('One project: {limit}.', { limit: limits.perProject === null ? t('no limit') : formatMoney(limits.perProject, language) })}{' '}
        {limits.perYear === null
          ? t('Twelve months: {limit}.', { limit: t('no limit') })
          : t('Twelve months: {limit}, used {used}, left {left}.', {
              limit: formatMoney(limits.perYear.limit, language),
              used: formatMoney(limits.perYear.used, language),
              left: formatMoney(limits.perYear.left, language),
            })}
      </Typography>
    </Box>
  );
}

function PersonPane({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { t, language } = useWords();
  const state = useApi(`/staff/people/${id}`);
  // A new form after each change: it starts from the other status.
  const [round, setRound] = useState(0);
  const record = useSubmit<QualificationForm>(async (data) => {
    const res = await api.post(`/staff/people/${id}/qualified`, data);
    return {
      title: res.changed ? t('Status recorded') : t('Nothing changed'),
      text: res.changed ? t('The change is in the audit log.') : data.qualified ? t('This person already is qualified.') : t('This person already is retail.'),
      tone: res.changed ? 'success' : 'info',
    };
  }, t('Not recorded'));
  if (state.loading) return <Loading label={t('Opening the person…')} />;
  if (state.error || !state.data) return <ErrorState message={state.error?.message ?? t('Could not open it.')} onRetry={state.reload} />;
  const person = state.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-label={t('Investor status of {email}', { email: person.email })}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {person.name ?? person.email}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {person.email} · {person.phone}
        </Typography>
      </Box>
      <Status person={person} />
      <SchemaForm
        key={`${round}-${person.qualification ? 'q' : 'r'}`}
        formId="qualification"
        initialData={{ qualified: !person.qualification }}
        onSubmit={(data) =>
          record.submit(data).then((ok) => {
            if (!ok) return;
            setRound((r) => r + 1);
            state.reload();
            onChanged();
          })
        }
        busy={record.busy}
        serverErrors={record.errors}
        fileUrl={fileUrl}
        hideTitle
      />
      <InlineFailure failure={record.failure} onClose={record.clearFailure} />
      {person.history.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('History')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {person.history.map((h, i) => (
              <li key={i}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {h.action === 'investor.qualify'
                    ? t('Qualified {when} by {who}: {note}', { when: formatDateTime(h.at, language), who: h.by, note: h.note ?? '' })
                    : t('Retail again {when} by {who}: {note}', { when: formatDateTime(h.at, language), who: h.by, note: h.note ?? '' })}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

export default function StaffPeoplePage() {
  const { t } = useWords();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const found = useApi(query ? `/staff/people?q=${encodeURIComponent(query)}` : null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Find a person to see their investor status. A qualified investor has no retail limits; record the evidence you saw.')}
      </Typography>
      <Box
        component="form"
        role="search"
        sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(null);
          setQuery(typed.trim().length >= 2 ? typed.trim() : null);
        }}
      >
        <TextField
          label={t('E-mail, phone or name')}
          size="small"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: '1 1 240px' }}
          helperText={t('At least 2 characters')}
        />
        <Box>
          <Button type="submit" variant="contained">
            {t('Find')}
          </Button>
        </Box>
      </Box>
      {query && (
        <ApiItems state={found} empty={<EmptyState title={t('Nobody found.')} />}>
          {(items) => (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Paper variant="outlined">
                  <List component="div" aria-label={t('People found')}>
                    {items.map((p) => (
                      <ListItemButton key={p.id} selected={open === p.id} onClick={() => setOpen(p.id)}>
                        <ListItemText primary={p.name ?? p.email} secondary={`${p.email} · ${p.qualified ? t('qualified') : t('retail')}`} sx={{ overflowWrap: 'anywhere' }} />
                      </ListItemButton>
                    ))}
                  </List>
                </Paper>
              </Grid>
              <Grid size={{ xs: 12, md: 8 }}>{open ? <PersonPane key={open} id={open} onChanged={found.reload} /> : <EmptyState title={t('Choose a person.')} />}</Grid>
            </Grid>
          )}
        </ApiItems>
      )}
    </Box>
  );
}
