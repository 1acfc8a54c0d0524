/**
 * Statements (issue 30 §2): the Bangladesh income years (1 July – 30 June) in which the person moved money, newest
 * first, each downloadable as a PDF to keep or hand to a tax adviser and as CSV for a spreadsheet. The year under
 * way says so: its statement grows until 30 June.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadFile, type ApiError } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { ApiItems, EmptyState } from '../../components/Status';
import InlineFailure from '../../components/InlineFailure';
import type { Message } from '../../components/MessageDialog';
import { formatDate } from '../../../shared/format/dates';
import { localDigits } from '../../../shared/format/digits';
import { useWords } from '../../lib/words';
import { dhakaToday } from '../../../shared/format/dhaka-calendar';
import { statementFileName, type StatementYear } from '../../../shared/api/statements';

type FileFormat = 'pdf' | 'csv';

const FORMAT_LABEL: Record<FileFormat, string> = { pdf: 'PDF', csv: 'CSV' };

function YearCard({ item, today }: { item: StatementYear; today: string }) {
  const { t, language } = useWords();
  const year = localDigits(item.year, language);
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const [failure, setFailure] = useState<Message | null>(null);
  const current = item.from <= today && today <= item.to;
  const download = async (format: FileFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      await downloadFile(`/me/statements/${item.year}?format=${format}`, statementFileName(item.year, format));
    } catch (e) {
      setFailure({ title: t('Could not download the {format} statement for {year}', { format: FORMAT_LABEL[format], year }), text: (e as ApiError).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card component="section" aria-labelledby={`year-${item.year}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Box>
            <Typography id={`year-${item.year}`} variant="h6" component="h2">
              {t('Income year {year}', { year })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDate(item.from, language)} – {formatDate(item.to, language)}
            </Typography>
          </Box>
          {current && <Chip size="small" color="info" label={t('Year in progress')} />}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'max-content max-content' }, gap: 1 }}>
          {(['pdf', 'csv'] as const).map((format) => (
            <Button
              key={format}
              variant={format === 'pdf' ? 'contained' : 'outlined'}
              startIcon={<DownloadIcon />}
              onClick={() => download(format)}
              disabled={busy !== null}
              aria-label={t('Download the {year} statement as {format}', { year, format: FORMAT_LABEL[format] })}
            >
              {busy === format ? t('Preparing…') : FORMAT_LABEL[format]}
            </Button>
          ))}
        </Box>
        <InlineFailure failure={failure} onClose={() => setFailure(null)} />
      </CardContent>
    </Card>
  );
}

export default function StatementsPage() {
  const { t } = useWords();
  const state = useApi('/me/statements');
  const today = dhakaToday();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t(
          'Everything your money did in each Bangladesh income year (1 July to 30 June): investments made, instalments received with their principal and profit, donations with their payment references, and for your projects the funds raised and instalments paid, with totals. The PDF is for keeping and for your tax return; the CSV opens in a spreadsheet.',
        )}
      </Typography>
      <ApiItems
        state={state}
        loadingLabel={t('Loading your statements…')}
        empty={
          <EmptyState
            title={t('No statements yet.')}
            text={t('A year appears here once money moves: an investment accepted, an instalment received, a donation confirmed, or funds raised for your project.')}
          />
        }
      >
        {(items) => (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {items.map((item) => (
              <YearCard key={item.year} item={item} today={today} />
            ))}
          </Box>
        )}
      </ApiItems>
    </>
  );
}
