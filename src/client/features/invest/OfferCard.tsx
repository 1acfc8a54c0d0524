import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Money from '../../components/Money';
import { initials } from '../home/HomePage';
import { frequencyText, type Offer } from './types';
import { formatPhone, toE164 } from '../../../shared/phone/phone.js';

/** An investor card: name, phone, city, email, available amount, kind, duration and return frequency. */
export default function OfferCard({ offer, action }: { offer: Offer; action?: ReactNode }) {
  return (
    <Card
      sx={{
        height: '100%',
        position: 'relative',
        '& .hover-action': { opacity: { xs: 1, md: 0 }, transition: 'opacity 150ms' },
        '&:hover .hover-action, &:focus-within .hover-action': { opacity: 1 },
      }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
            {initials(offer.name || '?')}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
              {offer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {offer.city}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Chip size="small" label={offer.kind} color={offer.kind === 'Investment' ? 'primary' : 'secondary'} />
        </Box>
        <Typography variant="h6" component="p">
          {offer.amount ? <Money amount={offer.amount} currency={offer.currency} /> : 'Open to donate'}
        </Typography>
        <Typography variant="body2">{frequencyText(offer)}</Typography>
        {offer.businessCategory && (
          <Typography variant="body2" color="text.secondary">
            Interested in {offer.businessCategory}
            {offer.investmentMethod ? ` · pays by ${offer.investmentMethod}` : ''}
          </Typography>
        )}
        {offer.projectId && (
          <Typography variant="body2">
            Offered to{' '}
            <Link component={RouterLink} to={`/projectDetails?id=${offer.projectId}`}>
              a project
            </Link>
          </Typography>
        )}
        <Typography variant="body2">
          <Link href={`tel:${toE164(offer.phone) ?? offer.phone}`}>{formatPhone(offer.phone)}</Link> · <Link href={`mailto:${offer.email}`}>{offer.email}</Link>
        </Typography>
        <Box className="hover-action" sx={{ mt: 'auto', pt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {action ?? (
            <Button component={RouterLink} to="/dashboard/project" size="small" variant="outlined">
              View Projects
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
