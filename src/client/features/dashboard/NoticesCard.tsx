import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { formatDateTime } from '../../../shared/format/dates';
import { useWords } from '../../lib/words';
import { formatNumber } from '../../../shared/format/money';

/** The person's latest notices, unread first in weight, each markable as read. */
export default function NoticesCard() {
  const { t, language } = useWords();
  const state = useApi('/me/notices');
  const markRead = async (id: string) => {
    await api.post(`/me/notices/${id}/read`);
    state.reload();
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Badge badgeContent={state.data?.unread ?? 0} color="primary" aria-hidden="true">
            <NotificationsIcon />
          </Badge>
          {t('Notices')}
          {state.data ? (
            <Typography component="span" color="text.secondary">
              {t('({count} unread)', { count: formatNumber(state.data.unread, language) })}
            </Typography>
          ) : null}
        </Typography>
        {state.error ? <Typography color="error">{state.error.message}</Typography> : null}
        {state.data && state.data.items.length === 0 ? <Typography color="text.secondary">{t('Nothing yet.')}</Typography> : null}
        <List dense aria-label={t('Notices')}>
          {state.data?.items.map((n) => (
            // The button beside the text, not laid over it (a secondary action's fixed space is too narrow for a
            // longer label, as the Bengali one is).
            <ListItem key={n.id} disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
              <ListItemText
                primary={n.link ? <RouterLink to={n.link}>{n.title}</RouterLink> : n.title}
                secondary={`${formatDateTime(n.createdAt, language)} · ${n.text}`}
                slotProps={{ primary: { sx: { fontWeight: n.readAt ? 'normal' : 'bold' } } }}
              />
              {n.readAt ? null : (
                <Button size="small" sx={{ flexShrink: 0, mt: 0.5 }} onClick={() => void markRead(n.id)} aria-label={t('Mark "{title}" read', { title: n.title })}>
                  {t('Mark read')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
