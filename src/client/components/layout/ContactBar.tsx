import { useContent } from '../../config';
import { Icon, email, phone, place, schedule } from '../../ui/icons';
import { useWords } from '../../lib/words';

/** The top contact bar (contact details from the content file), a landmark of its own so no content is outside one. */
export default function ContactBar() {
  const content = useContent();
  const c = content.contact;
  const { t } = useWords();
  return (
    <aside aria-label={t('Contact details')} className="contact-bar no-print on-dark">
      <div className="container contact-bar-inner">
        <div className="contact-bar-group">
          <a href={`tel:${c.phone.replace(/[^+\d]/g, '')}`} className="link-hover contact-item">
            <Icon path={phone} size="inherit" /> {c.phone}
          </a>
          <a href={`mailto:${c.email}`} className="link-hover contact-item">
            <Icon path={email} size="inherit" /> {c.email}
          </a>
        </div>
        <div className="contact-bar-group contact-bar-wide">
          <span className="contact-item">
            <Icon path={place} size="inherit" /> {c.address}
          </span>
          <span className="contact-item">
            <Icon path={schedule} size="inherit" /> {c.hours}
          </span>
        </div>
      </div>
    </aside>
  );
}
