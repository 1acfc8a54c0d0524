import { Link } from 'react-router-dom';
import { useContent } from '../config';
import { useWords } from '../lib/words';

/** The site's name with its mark, linking home. */
export default function Logo({ light = false }: { light?: boolean }) {
  const content = useContent();
  const { t } = useWords();
  return (
    <Link to="/" aria-label={t('{site} home', { site: content.siteName })} className={light ? 'logo logo-light' : 'logo'}>
      <img src="/images/logo.svg" alt="" width={36} height={36} />
      <span className="logo-name">{content.siteName}</span>
    </Link>
  );
}
