/**
 * "What needs you": the greeting and the list of what waits for the signed-in user (GET /me/next-steps), each item a
 * link to the screen where it is done, and for staff the sizes of their three queues.
 */
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import VolunteerIcon from '@mui/icons-material/VolunteerActivismOutlined';
import { useApi } from '../../lib/use-api';
import { ErrorState } from '../../components/Status';
import type { NextStep, NextStepsAnswer } from '../../../shared/api/views';
import { useWords } from '../../lib/words';

export type { NextStep, NextStepsAnswer };

const ICONS: Record<NextStep['kind'], typeof AssignmentIcon> = {
  proposals: AssignmentIcon,
  'instalments-to-pay': PaymentsIcon,
  'instalments-to-confirm': CheckCircleIcon,
  verification: HowToRegIcon,
  'project-draft': EditNoteIcon,
  pledge: VolunteerIcon,
  accepted: ThumbUpIcon,
};

function StepRow({ item }: { item: NextStep }) {
  const Icon = ICONS[item.kind];
  const { t } = useWords();
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={item.link}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon color="primary" aria-hidden />
        </ListItemIcon>
        <ListItemText
          primary={t(item.text)}
          secondary={item.reference ? t('Payment reference {reference}', { reference: item.reference }) : undefined}
          slotProps={{ primary: { sx: { fontWeight: 500 } } }}
        />
        <ChevronRightIcon color="action" aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}

/** A name as it is; an e-mail address with a break allowed before its @ and after each dot. */
function Breakable({ text }: { text: string }) {
  if (!text.includes('@')) return <>{text}</>;
  const parts = text.split(/(?=@)|(?<=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The greeting and the list of waiting items, above the dashboard's tiles. */
export default function NextSteps() {
  const { data, error, loading, reload } = useApi('/me/next-steps');
  const { t } = useWords();
  // The name goes where the language puts it in the sentence.
  const welcome = t('Welcome, {name}.').split('{name}');
  return (
    <Box component="section" aria-labelledby="next-steps" aria-busy={loading} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {/* Greeted by name; a person without one yet by their e-mail address, which may break only before its @ and
          after its dots (a word longer than the line is the only thing broken anywhere). */}
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
        {data ? (
          <>
            {welcome[0]}
            <Breakable text={data.name} />
            {welcome[1]}
          </>
        ) : (
          <Skeleton width="40%" />
        )}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id="next-steps" variant="h6" component="h2" sx={{ px: 1 }}>
          {t('What needs you')}
        </Typography>
        {error ? (
          <ErrorState message={t('Your next steps could not be loaded: {reason}', { reason: error.message })} onRetry={reload} />
        ) : !data ? (
          <Box sx={{ px: 1 }}>
            <Skeleton height={40} />
            <Skeleton height={40} width="80%" />
          </Box>
        ) : data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 1, py: 1 }}>
            {t('Nothing is waiting for you right now.')}
          </Typography>
        ) : (
          <List dense aria-label={t('What needs you')}>
            {data.items.map((item, i) => (
              <StepRow key={`${item.kind}-${item.link}-${i}`} item={item} />
            ))}
          </List>
        )}
        {data?.staff && (
          <Box sx={{ px: 1, pt: 1, borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
              {t('Staff queues')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              {data.staff.map((q) => (
                <li key={q.id}>
                  <Link component={RouterLink} to={q.link} underline="hover" aria-label={`${q.label}: ${q.count}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    {q.label}
                    <Chip size="small" label={q.count} color={q.count > 0 ? 'warning' : 'default'} aria-hidden />
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
