import { Link } from 'react-router-dom';
import { useContent } from '../../config';
import Logo from '../Logo';
import Newsletter from './Newsletter';
import { gap } from '../../ui/grid';
import { useWords } from '../../lib/words';

/** The footer: about, project categories, links, newsletter and contact, from the content file. */
export default function Footer() {
  const content = useContent();
  const f = content.footer;
  const { t } = useWords();
  const links = [...content.nav.flatMap((n) => (n.children ? n.children : [{ label: n.label, to: n.to! }]))];
  return (
    <footer className="site-footer on-dark">
      <div className="container">
        <div className="grid" style={gap(32)}>
          <div className="col-12 col-md-4">
            <Logo light />
            <p className="t-body" style={{ marginTop: 16, maxWidth: 360 }}>
              {f.about}
            </p>
            <p className="t-body" style={{ marginTop: 16 }}>
              {content.contact.address}
              <br />
              <a href={`mailto:${content.contact.email}`} className="link">
                {content.contact.email}
              </a>{' '}
              · {content.contact.phone}
            </p>
          </div>
          <div className="col-6 col-md-2">
            <h2 className="t-h6 footer-heading">{t('Projects')}</h2>
            <ul className="plain-list footer-links">
              {f.projectCategories.map((c) => (
                <li key={c.label}>
                  <Link to={`/projects?category=${encodeURIComponent(c.category)}`} className="link-hover">
                    {c.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-6 col-md-2">
            <h2 className="t-h6 footer-heading">{t('Links')}</h2>
            <ul className="plain-list footer-links">
              {links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="link-hover">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-12 col-md-4">
            <h2 className="t-h6 footer-heading">{f.newsletterTitle}</h2>
            <p className="t-body" style={{ marginBottom: 16 }}>
              {f.newsletterText}
            </p>
            <Newsletter />
          </div>
        </div>
        <p className="t-body2 footer-copyright">{f.copyright}</p>
      </div>
    </footer>
  );
}
