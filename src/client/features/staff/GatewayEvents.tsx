/**
 * Staff: what the payment gateway told us, newest first — confirmed payments, and callbacks that changed nothing
 * (replays, a pledge already settled) or were refused (forged signature, unknown transaction, wrong amount or
 * currency). A refused one may need a person: the reason says why.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import { formatDateTime } from '../../../shared/format/dates';
import { formatMoney } from '../../../shared/format/money';
import { useWords } from '../../lib/words';

const OUTCOME = { confirmed: 'success', unchanged: 'default', rejected: 'error' } as const;

export default function GatewayEvents() {
  const { t, language } = useWords();
  const outcomeWord = { confirmed: t('confirmed'), unchanged: t('unchanged'), rejected: t('rejected') };
  const state = useApi('/staff/gateway-events');
  return (
    <Box component="section" aria-labelledby="gateway-events" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id="gateway-events" sx={{ mb: 1 }}>
        {t('Payment gateway callbacks')}
      </Typography>
      <ApiItems state={state} empty={<EmptyState title={t('No gateway callbacks yet.')} text={t('Online payments and refused callbacks appear here.')} />}>
        {(items) => (
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('When')}</TableCell>
                  <TableCell>{t('Reference')}</TableCell>
                  <TableCell>{t('Transaction')}</TableCell>
                  <TableCell>{t('Amount')}</TableCell>
                  <TableCell>{t('Outcome')}</TableCell>
                  <TableCell>{t('Reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at, language)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.reference ?? '—'}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {e.tranId ?? '—'} ({e.kind})
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.amount ? formatMoney(e.amount, language, e.currency ?? 'BDT') : '—'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={outcomeWord[e.outcome]} color={OUTCOME[e.outcome]} />
                    </TableCell>
                    <TableCell>{e.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ApiItems>
    </Box>
  );
}
