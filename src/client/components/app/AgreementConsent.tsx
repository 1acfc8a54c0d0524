/**
 * An accepted agreement's Murabaha document on the card of either party: download the PDF, see its SHA-256
 * fingerprint and who has agreed when, and agree by ticking a statement that names the agreement and the amounts
 * (the server's words, stored as ticked) and pressing Agree. The consent names the fingerprint shown here; the
 * server refuses it if the document is not that one.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { api, downloadFile, type ApiError } from '../../lib/api';
import type { AgreementConsentView, AgreementDocumentView, ConsentParty } from '../../../shared/api/views';
import { formatDateTime } from '../../../shared/format/dates';
import InlineFailure from '../InlineFailure';
import type { Message } from '../MessageDialog';
import { useWords } from '../../lib/words';

function ConsentLine({ party, consent, mine }: { party: ConsentParty; consent: AgreementConsentView | null; mine: boolean }) {
  const { t, language } = useWords();
  const role = party === 'investor' ? t('Investor') : t('Owner');
  return (
    <Typography variant="body2" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start' }}>
      {consent ? <CheckCircleIcon fontSize="small" color="success" aria-hidden /> : <Box component="span" sx={{ width: 20, flex: 'none' }} />}
      <span>
        <strong>{role}</strong>
        {mine ? ` ${t('(you)')}` : ''}:{' '}
        {consent ? t('{name} agreed on {date}', { name: consent.name, date: formatDateTime(consent.at, language) }) : t('has not agreed yet')}
      </span>
    </Typography>
  );
}

/** `onPage`: shown on the agreement's own page, so without the link to it. */
export default function AgreementConsent({ agreementId, document: doc, party, onPage = false }: { agreementId: string; document: AgreementDocumentView; party: ConsentParty | null; onPage?: boolean }) {
  const { t, language } = useWords();
  const [consents, setConsents] = useState(doc.consents);
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState<'download' | 'agree' | null>(null);
  const [failure, setFailure] = useState<Message | null>(null);
  const mine = party ? consents[party] : null;

  const download = async () => {
    setBusy('download');
    setFailure(null);
    try {
      await downloadFile(doc.path, doc.fileName);
    } catch (e) {
      setFailure({ title: t('Could not download the agreement'), text: (e as ApiError).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const agree = async () => {
    if (!party) return;
    setBusy('agree');
    setFailure(null);
    try {
      const consent = await api.post(`/agreement-requests/${agreementId}/consent`, { sha256: doc.sha256 });
      setConsents((c) => ({ ...c, [party]: consent }));
    } catch (e) {
      setFailure({ title: t('Your consent was not recorded'), text: (e as ApiError).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const checkboxId = `consent-${agreementId}`;
  return (
    <Box component="section" aria-label={t('Murabaha agreement {number}', { number: doc.number })} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('Murabaha agreement {number}', { number: doc.number })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={download} disabled={busy === 'download'}>
          {t('Download the agreement (PDF)')}
        </Button>
        {!onPage && (
          <Button size="small" component={RouterLink} to={`/EditProjects/projectDetails?agreement=${agreementId}`}>
            {t('Read it here')}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('Fingerprint (SHA-256):')} <Box component="span" sx={{ fontFamily: 'monospace' }}>{doc.sha256}</Box>
      </Typography>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <ConsentLine party="investor" consent={consents.investor} mine={party === 'investor'} />
        <ConsentLine party="owner" consent={consents.owner} mine={party === 'owner'} />
      </Box>
      {party && !mine && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={<Checkbox id={checkboxId} checked={ticked} onChange={(e) => setTicked(e.target.checked)} sx={{ mt: -0.75 }} />}
            label={
              // The agreement's own words, as the server stores them ticked: English, as the agreement document is
              // (its Bengali is still to do, issue 29 §3), and said to be (a Bengali page reads it out as English).
              <Typography variant="body2" lang="en">
                {doc.statements[party]}
              </Typography>
            }
          />
          <Box>
            <Button variant="contained" size="small" onClick={agree} disabled={!ticked || busy === 'agree'}>
              {t('Agree to agreement {number}', { number: doc.number })}
            </Button>
          </Box>
        </Box>
      )}
      {mine && (
        <Typography variant="body2" color="success.main">
          {t('You agreed on {date}:', { date: formatDateTime(mine.at, language) })} “<span lang="en">{mine.statement}</span>”
        </Typography>
      )}
      <InlineFailure failure={failure} onClose={() => setFailure(null)} />
    </Box>
  );
}
