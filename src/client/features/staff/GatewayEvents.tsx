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

interface GatewayEvent {
  id: string;
  kind: string;
  tranId: string | null;
  reference: string | null;
  outcome: 'confirmed' | 'unchanged' | 'rejected';
  reason: string;
  amount: string | null;
  currency: string | null;
  at: string;
}

const OUTCOME = { confirmed: 'success', unchanged: 'default', rejected: 'error' } as const;

export default function GatewayEvents() {
  const state = useApi<{ items: GatewayEvent[] }>('/staff/gateway-events');
  return (
    <Box component="section" aria-labelledby="gateway-events" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id="gateway-events" sx={{ mb: 1 }}>
        Payment gateway callbacks
      </Typography>
      <ApiItems state={state} empty={<EmptyState title="No gateway callbacks yet." text="Online payments and refused callbacks appear here." />}>
        {(items) => (
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Reference</TableCell>
                  <TableCell>Transaction</TableCell>
                  <TableCell>Amount</TableCell>
                  <TableCell>Outcome</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.reference ?? '—'}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {e.tranId ?? '—'} ({e.kind})
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.amount ? `${e.amount} ${e.currency ?? ''}` : '—'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={e.outcome} color={OUTCOME[e.outcome]} />
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
