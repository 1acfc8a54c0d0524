/**
 * The page components screens can name (`"kind": "page", "page": "<name>"`). Each is its own chunk, loaded when its
 * route is opened, so the home page downloads neither the form engine nor the dashboard. Pages drawn with Material
 * load its theme with them (`withTheme`); the home page, the project list and a project's page are plain CSS and load neither.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from '../config';
import { lazyThemed } from './lazy-themed';
import { loadFeatureWords } from '../lib/words';
import { documentLanguage } from '../../shared/i18n/language';

type Page = LazyExoticComponent<ComponentType<PageProps>>;
type Load = () => Promise<{ default: ComponentType<PageProps> }>;

/**
 * A feature's page with the feature's words in the page's language (features/<feature>/words.bn.json), fetched
 * beside its code, so it draws in its language from its first render.
 */
const withWords =
  (features: string | string[], load: Load): Load =>
  () =>
    Promise.all([load(), ...[features].flat().map((feature) => loadFeatureWords(feature, documentLanguage()))]).then(([page]) => page);

/** A page drawn with Material (`lazyThemed`), typed as a page: some take no props, all are given PageProps. */
const withTheme = (load: Load): Page => lazyThemed(load);

export const pages: Record<string, Page> = {
  home: lazy(withWords('home', () => import('../features/home/HomePage'))),
  otp: withTheme(withWords('auth', () => import('../features/auth/OtpPage'))),
  projects: lazy(withWords('projects', () => import('../features/projects/ProjectsPage'))),
  'project-detail': lazy(withWords('projects', () => import('../features/projects/ProjectDetailPage'))),
  content: withTheme(withWords('content', () => import('../features/content/ContentPage'))),
  blogs: withTheme(withWords('content', () => import('../features/content/BlogsPage'))),
  'blog-post': withTheme(withWords('content', () => import('../features/content/BlogPostPage'))),
  donate: withTheme(withWords('donate', () => import('../features/donate/DonatePage'))),
  'donation-receipt': withTheme(withWords(['donate', 'components/app'], () => import('../features/donate/ReceiptPage'))),
  'dashboard-home': withTheme(withWords('dashboard', () => import('../features/dashboard/DashboardHome'))),
  profile: withTheme(withWords('profile', () => import('../features/profile/ProfilePage'))),
  'my-projects': withTheme(withWords('projects', () => import('../features/projects/MyProjectsPage'))),
  'agreement-text': withTheme(withWords(['projects', 'components/app'], () => import('../features/projects/AgreementTextPage'))),
  'invest-tab': withTheme(withWords('invest', () => import('../features/invest/InvestTab'))),
  proposals: withTheme(withWords(['invest', 'components/app'], () => import('../features/invest/ProposalsPage'))),
  'relevant-investors': withTheme(withWords('invest', () => import('../features/invest/RelevantInvestorsPage'))),
  // The signed-in components' words (components/app: a donation's state, the agreement's consent panel) come with the
  // pages that show them.
  history: withTheme(withWords(['invest', 'components/app'], () => import('../features/invest/HistoryPage'))),
  returns: withTheme(withWords(['invest', 'components/app'], () => import('../features/invest/ReturnsPage'))),
  portfolio: withTheme(withWords(['portfolio', 'components/app'], () => import('../features/portfolio/PortfolioPage'))),
  statements: withTheme(withWords('statements', () => import('../features/statements/StatementsPage'))),
  'success-story': withTheme(withWords('projects', () => import('../features/projects/SuccessStoryPage'))),
  settings: withTheme(withWords('dashboard', () => import('../features/dashboard/SettingsPage'))),
  'staff-verifications': withTheme(withWords('staff', () => import('../features/staff/StaffVerificationsPage'))),
  'staff-projects': withTheme(withWords('staff', () => import('../features/staff/StaffProjectsPage'))),
  'staff-donations': withTheme(withWords('staff', () => import('../features/staff/StaffDonationsPage'))),
  'staff-jobs': withTheme(withWords('staff', () => import('../features/staff/StaffJobsPage'))),
  'staff-defaults': withTheme(withWords('staff', () => import('../features/staff/StaffDefaultsPage'))),
  'staff-charity': withTheme(withWords('staff', () => import('../features/staff/StaffCharityPage'))),
  'staff-refunds': withTheme(withWords('staff', () => import('../features/staff/StaffRefundsPage'))),
  'staff-people': withTheme(withWords('staff', () => import('../features/staff/StaffPeoplePage'))),
  'shariah-reviews': withTheme(withWords('staff', () => import('../features/staff/ShariahQueuePage'))),
  'staff-forms': withTheme(withWords('studio', () => import('../features/studio/FormsListPage'))),
  'staff-form-studio': withTheme(withWords('studio', () => import('../features/studio/FormStudioPage'))),
  'staff-content': withTheme(withWords('studio', () => import('../features/studio/SiteContentPage'))),
};
