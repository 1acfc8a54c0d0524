import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Money from '../../components/Money';
import { initials } from '../../components/Initials';
import { frequencyText, type Offer } from './types';
import { formatPhone, toE164 } from '../../../shared/phone/phone.js';
import { formatMoney } from '../../../shared/domain/money';
import { formatDate } from '../../../shared/format/dates';
import type { OfferContactField } from '../../../shared/api/views';

/** Why the contact details are on the card, said under them. */
const CONTACT_NOTE: Record<NonNullable<Offer['contactSource']>, string> = {
  mine: 'Only you, staff and the owners whose Request For Invest you answer see these.',
  staff: 'You see these as staff.',
  answered: 'Shared because they answered your Request For Invest.',
  shared: 'Shared with you by the investor.',
};

function ContactLine({ item }: { item: OfferContactField }) {
  const shown = item.kind === 'phone' ? formatPhone(item.value) : item.value;
  const href = item.kind === 'phone' ? `tel:${toE164(item.value) ?? item.value}` : item.kind === 'email' ? `mailto:${item.value}` : null;
  return (
    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {item.label}:{' '}
      </Box>
      {href ? <Link href={href}>{shown}</Link> : shown}
    </Typography>
  );
}

/** What the card is called by assistive technology (and tells two offers of one person apart). */
export function offerLabel(offer: Offer): string {
  const what = offer.amount ? formatMoney(offer.amount, 'en', offer.currency ?? 'BDT') : 'Open to donate';
  const category = offer.businessCategory ? `, ${offer.businessCategory}` : '';
  return `Offer by ${offer.name}: ${what}${category}, made ${formatDate(offer.createdAt)}`;
}

/**
 * An investor card: name, city, amount, terms, when it was made and the project it was made from. Contact details
 * are on it only when the server sent them (the investor's own offer, staff, or an owner the investor answered).
 */
export default function OfferCard({ offer, action }: { offer: Offer; action?: ReactNode }) {
  return (
    <Card
      component="article"
      aria-label={offerLabel(offer)}
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
            <Typography component="h2" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
              {offer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {offer.city}
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Chip size="small" label={offer.kind} color={offer.kind === 'Investment' ? 'primary' : 'secondary'} />
        </Box>
        {offer.investorOpenOffers > 1 && (
          <Typography variant="body2" color="text.secondary">
            {offer.mine ? `One of your ${offer.investorOpenOffers} open offers` : `One of ${offer.investorOpenOffers} open offers by ${offer.name || 'this investor'}`}
          </Typography>
        )}
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
        {offer.securityPolicy && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            Security: {offer.securityPolicy}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Made {formatDate(offer.createdAt)}
          {offer.projectId && (
            <>
              {' from '}
              <Link component={RouterLink} to={`/projectDetails?id=${offer.projectId}`}>
                {offer.projectTitle ?? 'a project'}
              </Link>
            </>
          )}
        </Typography>
        {offer.contact ? (
          offer.contact.length > 0 && (
            <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              {offer.contact.map((item) => (
                <ContactLine key={item.field} item={item} />
              ))}
              {offer.contactSource && (
                <Typography variant="caption" color="text.secondary">
                  {CONTACT_NOTE[offer.contactSource]}
                </Typography>
              )}
            </Box>
          )
        ) : (
          <Typography variant="caption" color="text.secondary">
            Contact details are shared once the investor answers your Request For Invest.
          </Typography>
        )}
        {action && (
          <Box className="hover-action" sx={{ mt: 'auto', pt: 1, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {action}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
