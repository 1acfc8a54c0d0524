/**
 * The page components screens can name (`"kind": "page", "page": "<name>"`). Each is its own chunk, loaded when its
 * route is opened, so the home page downloads neither the form engine nor the dashboard.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Screen } from '../config';

export interface PageProps {
  screen: Screen;
  /** The screen's `props` from the config. */
  props: Record<string, string | number | boolean>;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

export const pages: Record<string, Page> = {
  home: lazy(() => import('../features/home/HomePage')),
  otp: lazy(() => import('../features/auth/OtpPage')),
  projects: lazy(() => import('../features/projects/ProjectsPage')),
  'project-detail': lazy(() => import('../features/projects/ProjectDetailPage')),
  content: lazy(() => import('../features/content/ContentPage')),
  blogs: lazy(() => import('../features/content/BlogsPage')),
  'blog-post': lazy(() => import('../features/content/BlogPostPage')),
  donate: lazy(() => import('../features/donate/DonatePage')),
  'donation-receipt': lazy(() => import('../features/donate/ReceiptPage')),
  'dashboard-home': lazy(() => import('../features/dashboard/DashboardHome')),
  profile: lazy(() => import('../features/profile/ProfilePage')),
  'my-projects': lazy(() => import('../features/projects/MyProjectsPage')),
  'agreement-text': lazy(() => import('../features/projects/AgreementTextPage')),
  'invest-tab': lazy(() => import('../features/invest/InvestTab')),
  proposals: lazy(() => import('../features/invest/ProposalsPage')),
  'relevant-investors': lazy(() => import('../features/invest/RelevantInvestorsPage')),
  history: lazy(() => import('../features/invest/HistoryPage')),
  returns: lazy(() => import('../features/invest/ReturnsPage')),
  'success-story': lazy(() => import('../features/projects/SuccessStoryPage')),
  settings: lazy(() => import('../features/dashboard/SettingsPage')),
  'staff-verifications': lazy(() => import('../features/staff/StaffVerificationsPage')),
  'staff-projects': lazy(() => import('../features/staff/StaffProjectsPage')),
  'staff-donations': lazy(() => import('../features/staff/StaffDonationsPage')),
  'staff-jobs': lazy(() => import('../features/staff/StaffJobsPage')),
  'staff-forms': lazy(() => import('../features/studio/FormsListPage')),
  'staff-form-studio': lazy(() => import('../features/studio/FormStudioPage')),
  'staff-content': lazy(() => import('../features/studio/SiteContentPage')),
};
