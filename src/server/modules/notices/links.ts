/**
 * The addresses the server writes into notices, e-mails and SMS. A notice keeps a path of the site (the app's
 * router opens it); an e-mail or SMS gets it absolute, since a mail client has no page to resolve a path against.
 * Each builder names the screen (src/client/config/screens.json) that shows the thing; tests/server/notice-links
 * follows every link of every kind to that screen.
 */
import type { Config } from '../../config';
import type { Language } from '../../../shared/i18n/language';
import { receiptPath } from '../../../shared/donations/receipt-link';

/**
 * The site's origin for links sent out of the app: PUBLIC_URL, or this server's own address (`http://HOST:PORT`, a
 * wildcard host read as localhost) — right on one's own machine; a server others use sets PUBLIC_URL.
 */
export function siteOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** What a notice needs of the site: where its links start, and the language of an account that never chose one. */
export interface NoticeSite {
  origin: string;
  defaultLanguage: Language;
}

/** The notice site of a configuration. */
export function noticeSite(config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'defaultLanguage'>): NoticeSite {
  return { origin: siteOrigin(config), defaultLanguage: config.defaultLanguage };
}

/** A path of the site made absolute for an e-mail or SMS. */
export function absoluteLink(origin: string, path: string): string {
  return `${origin}${path}`;
}

const id = encodeURIComponent;

/** The screens notices lead to. */
export const noticeLinks = {
  /** A project's public page. */
  project: (projectId: string) => `/projectDetails?id=${id(projectId)}`,
  /** The owner's projects, where a rejected one is edited and resubmitted. */
  myProjects: () => '/dashboard/project',
  /** A project's proposal cards, where its owner accepts or declines. */
  proposals: (projectId: string) => `/agreementRequest?project=${id(projectId)}`,
  /** The investor's history: their agreement requests, or the Request For Invest invitations they received. */
  history: (tab?: 'invitations') => (tab ? `/dashboard/history?tab=${tab}` : '/dashboard/history'),
  /** One agreement's instalments: as its investor (returns) or its owner (repayments). */
  schedule: (view: 'returns' | 'repayments', agreementId: string) => `/dashboard/returns?view=${view}&agreement=${id(agreementId)}`,
  /** The investor cards of one of the owner's projects (the investors it invited, with what they shared). */
  relevantInvestors: (projectId: string) => `/RelevantInvestorCards?project=${id(projectId)}`,
  profile: () => '/dashboard/profile',
  /** The verification form, to correct a rejected submission. */
  verification: () => '/BasicInfoEdit/verified',
  /** A donation's receipt; with its key it opens without signing in. */
  receipt: (donationId: string, key?: string) => receiptPath(donationId, key),
};
