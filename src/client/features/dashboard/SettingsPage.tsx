import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../lib/auth';
import { formatPhone } from '../../../shared/phone/phone.js';
import NoticesCard from './NoticesCard';
import { useWords } from '../../lib/words';
import NoticePreferencesCard from './NoticePreferencesCard';

/** Settings: notices and which of them are e-mailed, change password, sign out. */
export default function SettingsPage() {
  const { t } = useWords();
  const { me, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <NoticesCard />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <NoticePreferencesCard />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('Password')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('Changing your password signs you out everywhere else.')}
            </Typography>
            <Button component={RouterLink} to="/dashboard/settings/password" variant="contained">
              {t('Change password')}
            </Button>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('Session')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('Signed in as {email} ({phone}).', { email: me?.email ?? '', phone: formatPhone(me?.phone ?? '') })}
            </Typography>
            <Button
              variant="outlined"
              color="error"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              {t('Sign out')}
            </Button>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
