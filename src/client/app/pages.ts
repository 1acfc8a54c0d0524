/**
 * The page components screens can name (`"kind": "page", "page": "<name>"`). Each is its own chunk, loaded when its
 * route is opened, so the home page downloads neither the form engine nor the dashboard. Pages drawn with Material
 * load its theme with them (`withTheme`); the home page, the project list and a project's page are plain CSS and load neither.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from '../config';
import { lazyThemed } from './lazy-themed';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** A page drawn with Material (`lazyThemed`), typed as a page: some take no props, all are given PageProps. */
const withTheme = (load: () => Promise<{ default: ComponentType<PageProps> }>): Page => lazyThemed(load);

export const pages: Record<string, Page> = {
  home: lazy(() => import('../features/home/HomePage')),
  otp: withTheme(() => import('../features/auth/OtpPage')),
  projects: lazy(() => import('../features/projects/ProjectsPage')),
  'project-detail': lazy(() => import('../features/projects/ProjectDetailPage')),
  content: withTheme(() => import('../features/content/ContentPage')),
  blogs: withTheme(() => import('../features/content/BlogsPage')),
  'blog-post': withTheme(() => import('../features/content/BlogPostPage')),
  donate: withTheme(() => import('../features/donate/DonatePage')),
  'donation-receipt': withTheme(() => import('../features/donate/ReceiptPage')),
  'dashboard-home': withTheme(() => import('../features/dashboard/DashboardHome')),
  profile: withTheme(() => import('../features/profile/ProfilePage')),
  'my-projects': withTheme(() => import('../features/projects/MyProjectsPage')),
  'agreement-text': withTheme(() => import('../features/projects/AgreementTextPage')),
  'invest-tab': withTheme(() => import('../features/invest/InvestTab')),
  proposals: withTheme(() => import('../features/invest/ProposalsPage')),
  'relevant-investors': withTheme(() => import('../features/invest/RelevantInvestorsPage')),
  history: withTheme(() => import('../features/invest/HistoryPage')),
  returns: withTheme(() => import('../features/invest/ReturnsPage')),
  portfolio: withTheme(() => import('../features/portfolio/PortfolioPage')),
  statements: withTheme(() => import('../features/statements/StatementsPage')),
  'success-story': withTheme(() => import('../features/projects/SuccessStoryPage')),
  settings: withTheme(() => import('../features/dashboard/SettingsPage')),
  'staff-verifications': withTheme(() => import('../features/staff/StaffVerificationsPage')),
  'staff-projects': withTheme(() => import('../features/staff/StaffProjectsPage')),
  'staff-donations': withTheme(() => import('../features/staff/StaffDonationsPage')),
  'staff-jobs': withTheme(() => import('../features/staff/StaffJobsPage')),
  'staff-defaults': withTheme(() => import('../features/staff/StaffDefaultsPage')),
  'staff-charity': withTheme(() => import('../features/staff/StaffCharityPage')),
  'staff-refunds': withTheme(() => import('../features/staff/StaffRefundsPage')),
  'staff-people': withTheme(() => import('../features/staff/StaffPeoplePage')),
  'shariah-reviews': withTheme(() => import('../features/staff/ShariahQueuePage')),
  'staff-forms': withTheme(() => import('../features/studio/FormsListPage')),
  'staff-form-studio': withTheme(() => import('../features/studio/FormStudioPage')),
  'staff-content': withTheme(() => import('../features/studio/SiteContentPage')),
};
