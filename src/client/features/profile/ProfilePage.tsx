import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useApi } from '../../lib/use-api';
import { ErrorState, Loading } from '../../components/Status';
import ProgressBar from '../../components/ProgressBar';
import { FormReadOnlyView } from '../../form-engine/read-only';
import { formatDate } from '../../../shared/format/dates';
import { formatPhone } from '../../../shared/phone/phone.js';
import { formatNumber } from '../../../shared/format/money';
import { useWords } from '../../lib/words';
import type { ApiAnswer } from '../../lib/api-paths';

type ProfileAnswer = ApiAnswer<'GET /profile'>;

type Say = ReturnType<typeof useWords>['t'];
const STATUS = (t: Say): Record<ProfileAnswer['verification']['status'], { label: string; color: 'default' | 'info' | 'success' | 'warning' }> => ({
  'not submitted': { label: t('Not submitted'), color: 'default' },
  submitted: { label: t('Under review'), color: 'info' },
  verified: { label: t('Verified'), color: 'success' },
  rejected: { label: t('Rejected'), color: 'warning' },
});

/** The profile: real data with Edit, completeness, and the verification status (with the staff note when rejected). */
export default function ProfilePage() {
  const { t, language } = useWords();
  const { data, error, loading, reload } = useApi('/profile');
  if (loading) return <Loading label={t('Loading your profile…')} />;
  if (error || !data) return <ErrorState message={error?.message ?? t('Your profile could not be loaded.')} onRetry={reload} />;
  const v = data.verification;
  const status = STATUS(t)[v.status];
  const percent = `${formatNumber(data.completeness, language)}%`;
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Card>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2">
                {t('Profile completeness')}
              </Typography>
              <Typography variant="h6" component="p" color="primary">
                {percent}
              </Typography>
            </Box>
            <ProgressBar value={data.completeness} height={10} label={t('Profile {percent} complete', { percent })} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('Profile saved: 40% · Verification submitted: 60% · Verified by staff: 100%')}
            </Typography>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography variant="h6" component="h2">
                {t('Basic information')}
              </Typography>
              <Button component={RouterLink} to="/BasicInfoEdit/basic" variant="outlined" size="small">
                {t('Edit')}
              </Button>
            </Box>
            {data.profile ? (
              <FormReadOnlyView formId="profile" formVersion={data.formVersion} data={data.profile} label={t('Basic information')} />
            ) : (
              <Typography color="text.secondary">
                {t('You have not saved a profile yet. Your account uses {email} and {phone}.', { email: data.defaults.email ?? '', phone: formatPhone(data.defaults.phone ?? '') })}
              </Typography>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography variant="h6" component="h2">
                {t('Identity verification')}
              </Typography>
              <Chip label={status.label} color={status.color} />
            </Box>
            {v.status === 'rejected' && v.note && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('Staff note: {note}', { note: v.note })}
              </Alert>
            )}
            {v.status === 'verified' && v.note && (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('Staff note: {note}', { note: v.note })}
              </Typography>
            )}
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {v.status === 'not submitted' && t('Submit your national ID, your father’s name and a nominee so staff can verify you. Verified users can raise funds.')}
              {v.status === 'submitted' && t('Submitted {date}. Staff will review it soon.', { date: formatDate(v.submittedAt, language) })}
              {v.status === 'verified' && t('Verified {date}. You can apply for funding.', { date: formatDate(v.reviewedAt, language) })}
              {v.status === 'rejected' && t('Fix what the note says and submit again.')}
            </Typography>
            <Button component={RouterLink} to="/BasicInfoEdit/verified" variant={v.status === 'verified' ? 'outlined' : 'contained'}>
              {v.status === 'not submitted' ? t('Verify profile') : v.status === 'verified' ? t('Submit new documents') : t('Update documents')}
            </Button>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
