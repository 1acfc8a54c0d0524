import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useApi } from '../../lib/use-api';

/** What a screen's `require: verified-identity` tells a user who is not verified yet, with its `requireLink`. */
export function IdentityNotice({ link }: { link?: { text: string; to: string } }) {
  const { data } = useApi('/profile');
  if (!data || data.verification.status === 'verified') return null;
  const v = data.verification;
  const text =
    v.status === 'submitted'
      ? 'Your identity verification is still under review. You can fill this in now; it can be submitted once staff have verified you.'
      : v.status === 'rejected'
        ? `Your identity verification was rejected${v.note ? ` (${v.note})` : ''}. Submit it again before you submit a project.`
        : 'Verify your identity before you submit a project: submit your documents under Profile → Verify Profile.';
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        v.status !== 'submitted' && link ? (
          <Button component={RouterLink} to={link.to} color="inherit" size="small">
            {link.text}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
