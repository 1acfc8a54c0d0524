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
import type { Language } from '../../../shared/i18n/language';
import { formatNumber } from '../../../shared/format/money';
import { useWords, type Words } from '../../lib/words';

/** Why the contact details are on the card, said under them. */
function contactNote(source: NonNullable<Offer['contactSource']>, t: Words['t']): string {
  switch (source) {
    case 'mine':
      return t('Only you, staff and the owners whose Request For Invest you answer see these.');
    case 'staff':
      return t('You see these as staff.');
    case 'answered':
      return t('Shared because they answered your Request For Invest.');
    case 'shared':
      return t('Shared with you by the investor.');
  }
}

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
export function offerLabel(offer: Offer, t: Words['t'], language: Language): string {
  const what = offer.amount ? formatMoney(offer.amount, language, offer.currency ?? 'BDT') : t('Open to donate');
  const values = { name: offer.name, what, category: offer.businessCategory ?? '', date: formatDate(offer.createdAt, language) };
  return offer.businessCategory ? t('Offer by {name}: {what}, {category}, made {date}', values) : t('Offer by {name}: {what}, made {date}', values);
}

/**
 * An investor card: name, city, amount, terms, when it was made and the project it was made from. Contact details
 * are on it only when the server sent them (the investor's own offer, staff, or an owner the investor answered).
 */
export default function OfferCard({ offer, action }: { offer: Offer; action?: ReactNode }) {
  const { t, language } = useWords();
  return (
    <Card
      component="article"
      aria-label={offerLabel(offer, t, language)}
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
          <Chip size="small" label={offer.kind === 'Investment' ? t('Investment') : offer.kind === 'Donate' ? t('Donate') : offer.kind} color={offer.kind === 'Investment' ? 'primary' : 'secondary'} />
        </Box>
        {offer.investorOpenOffers > 1 && (
          <Typography variant="body2" color="text.secondary">
            {offer.mine
              ? t('One of your {count} open offers', { count: formatNumber(offer.investorOpenOffers, language) })
              : t('One of {count} open offers by {name}', { count: formatNumber(offer.investorOpenOffers, language), name: offer.name || t('this investor') })}
          </Typography>
        )}
        <Typography variant="h6" component="p">
          {offer.amount ? <Money amount={offer.amount} currency={offer.currency} /> : t('Open to donate')}
        </Typography>
        <Typography variant="body2">{frequencyText(offer, t, language)}</Typography>
        {offer.businessCategory && (
          <Typography variant="body2" color="text.secondary">
            {offer.investmentMethod
              ? t('Interested in {category} · pays by {method}', { category: offer.businessCategory, method: offer.investmentMethod })
              : t('Interested in {category}', { category: offer.businessCategory })}
          </Typography>
        )}
        {offer.securityPolicy && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {t('Security: {policy}', { policy: offer.securityPolicy })}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('Made {date}', { date: formatDate(offer.createdAt, language) })}
          {offer.projectId && (
            <>
              {` ${t('from')} `}
              <Link component={RouterLink} to={`/projectDetails?id=${offer.projectId}`}>
                {offer.projectTitle ?? t('a project')}
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
                  {contactNote(offer.contactSource, t)}
                </Typography>
              )}
            </Box>
          )
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('Contact details are shared once the investor answers your Request For Invest.')}
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
