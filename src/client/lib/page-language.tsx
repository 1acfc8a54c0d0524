/**
 * The page's language for the screens (issue 29 §1) and the header's switch to the other one. The switch is a plain
 * link to the server (`GET /lang/<language>?back=<this page>`), which keeps the choice in the `lang` cookie and
 * sends the person back: it works before the page's code has arrived, or without it, and the page then comes in
 * the chosen language from the server. Signed in, the account's setting is changed first (`PUT /me/language`).
 */
import { createContext, useContext, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { documentLanguage, withoutLanguageParam, type Language } from '../../shared/i18n/language';
import { api } from './api';
import { useAuth } from './auth';

/** The server renderer provides the request's language; in the browser the page's `<html lang>` says it. */
export const PageLanguageContext = createContext<Language>(documentLanguage() ?? 'en');

/** The other language and how it names itself. */
const SWITCH: Record<Language, { to: Language; label: string }> = {
  en: { to: 'bn', label: 'বাংলা' },
  bn: { to: 'en', label: 'English' },
};

/** The link that shows this page in the other language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useContext(PageLanguageContext);
  const { pathname, search } = useLocation();
  const { status } = useAuth();
  const { to, label } = SWITCH[language];
  const href = `/lang/${to}?back=${encodeURIComponent(withoutLanguageParam(pathname + search))}`;
  // Signed in: the account keeps the choice too (its e-mails and SMS follow it), then the link is followed as ever.
  const keep = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (status !== 'signed-in' || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    await api.put('/me/language', { language: to }).catch(() => undefined);
    window.location.assign(href);
  };
  return (
    <a className={className} href={href} hrefLang={to} lang={to} rel="alternate" onClick={(e) => void keep(e)}>
      {label}
    </a>
  );
}
