import { Link } from 'react-router-dom';
import { useContent } from '../config';

/** The site's name with its mark, linking home. */
export default function Logo({ light = false }: { light?: boolean }) {
  const content = useContent();
  return (
    <Link to="/" aria-label={`${content.siteName} home`} className={light ? 'logo logo-light' : 'logo'}>
      <img src="/images/logo.svg" alt="" width={36} height={36} />
      <span className="logo-name">{content.siteName}</span>
    </Link>
  );
}
