/** A public project as GET /projects/:id answers it, for component tests. */
import type { ProjectView } from '../../src/shared/api/views';

export const sampleProject: ProjectView = {
  id: '7d8a2f9e-1111-4a4a-8888-123456789abc',
  status: 'open',
  title: 'Mobile Clinic for Char Villages',
  category: 'Medical & Health',
  country: 'Bangladesh',
  ownerName: 'Tanvir',
  summary: 'A boat clinic.',
  images: [],
  videoUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  approvedAt: '2026-01-02T00:00:00Z',
  endsAt: null,
  fundedAt: null,
  closedAt: null,
  fundingModel: 'all_or_nothing',
  goalNotReached: null,
  mine: false,
  details: {},
  figures: {
    currency: 'BDT',
    goal: '500000.00',
    minInvestment: '20000.00',
    pledged: '0.00',
    raised: '0.00',
    waiting: '0.00',
    backers: 0,
    investors: 0,
    progressPercent: 0,
    progressBar: 0,
    daysLeft: 30,
    markupPercent: '17.70',
    annualisedReturn: { simplePercent: '30.34', compoundPercent: '32.26', basis: 'simple: 17.70 % × 12 ÷ 7 months' },
    repayment: { type: 'Recurring', everyMonths: 1, overMonths: 7, instalments: 7, totalOnGoal: '588500.00', initialInstalment: '0.00' },
    durationMonths: 7,
  },
};

/** The sample project with other fields (an id and title per card, a status). */
export function projectView(overrides: Partial<ProjectView>): ProjectView {
  return { ...sampleProject, ...overrides };
}
