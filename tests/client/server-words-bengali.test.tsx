// @vitest-environment jsdom
/**
 * The components that showed English on a Bengali page (issue 29 §3): the audit log, the hidden name of a table's
 * actions column, the notice kinds of Settings (now labelled by the API in the request's language, shown as they
 * come) and the payment method of a receipt. Each in Bengali, and in English as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AuditTrail from '../../src/client/components/AuditTrail';
import ActionsHeaderCell from '../../src/client/components/ActionsHeaderCell';
import NoticePreferencesCard from '../../src/client/features/dashboard/NoticePreferencesCard';
import Receipt from '../../src/client/features/donate/Receipt';
import { auditActionWord } from '../../src/client/features/staff/status-words';
import { api } from '../../src/client/lib/api';
import { PageLanguageContext } from '../../src/client/lib/page-language';
import { ScreenWordsContext, useWords } from '../../src/client/lib/words';
import sharedBn from '../../src/client/config/i18n/words.bn.json';
import staffBn from '../../src/client/features/staff/words.bn.json';
import dashboardBn from '../../src/client/features/dashboard/words.bn.json';
import donateBn from '../../src/client/features/donate/words.bn.json';
import appBn from '../../src/client/components/app/words.bn.json';
import type { DonationReceipt } from '../../src/shared/api/views';

const inBengali = (node: ReactNode, words: Record<string, string>) =>
  render(
    <PageLanguageContext.Provider value="bn">
      <ScreenWordsContext.Provider value={{ ...sharedBn, ...words }}>{node}</ScreenWordsContext.Provider>
    </PageLanguageContext.Provider>,
  );

const history = [
  { action: 'project.approve', by: 'staff@example.com', at: '2026-11-23T10:00:00.000Z', note: 'Looks right' },
  { action: 'project.close', by: 'system', at: '2027-01-25T10:30:00.000Z', note: null },
];

/** The audit trail as a staff page shows it: its actions said by the staff words. */
function StaffAuditTrail() {
  const { t } = useWords();
  return <AuditTrail entries={history} actionWord={(a) => auditActionWord(t, a)} />;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the audit trail', () => {
  it('says who did what and when in Bengali, the note as written', () => {
    inBengali(<StaffAuditTrail />, staffBn);
    expect(screen.getByText('অডিট লগ')).toBeInTheDocument();
    expect(screen.getByText('২৩ নভেম্বর ২০২৬, ১৬:০০ — অনুমোদিত (staff@example.com): Looks right')).toBeInTheDocument();
    expect(screen.getByText('২৫ জানুয়ারি ২০২৭, ১৬:৩০ — বন্ধ (সিস্টেম)')).toBeInTheDocument();
  });

  it('says it in English on an English page', () => {
    render(<StaffAuditTrail />);
    expect(screen.getByText('Audit log')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026, 16:00 — approved by staff@example.com: Looks right')).toBeInTheDocument();
    expect(screen.getByText('25 Jan 2027, 16:30 — closed by the system')).toBeInTheDocument();
  });

  it('shows an action it has no word for as its code', () => {
    render(<AuditTrail entries={[{ action: 'project.unknown', by: 'a@example.com', at: '2026-11-23T10:00:00.000Z', note: null }]} />);
    expect(screen.getByText('23 Nov 2026, 16:00 — project.unknown by a@example.com')).toBeInTheDocument();
  });
});

describe('the actions column header', () => {
  it('names the column for screen readers in the page language', () => {
    const table = (
      <Table>
        <TableHead>
          <TableRow>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
      </Table>
    );
    inBengali(table, {});
    expect(screen.getByRole('columnheader', { name: 'কার্যক্রম' })).toBeInTheDocument();
    cleanup();
    render(table);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });
});

describe('notice preferences', () => {
  it('shows each kind with the label the API answered in the page’s language', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      kinds: [
        { kind: 'donation_confirmed', label: 'আমার দান নিশ্চিত হলে', email: true, sms: null },
        { kind: 'instalment_due', label: 'কোনো কিস্তি শিগগির দেয়, আজ দেয়, বকেয়া বা খেলাপি হলে', email: false, sms: true },
      ],
    } as never);
    inBengali(<NoticePreferencesCard />, dashboardBn);
    expect(await screen.findByRole('checkbox', { name: 'আমার দান নিশ্চিত হলে' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'কোনো কিস্তি শিগগির দেয়, আজ দেয়, বকেয়া বা খেলাপি হলে' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'এসএমএস: কোনো কিস্তি শিগগির দেয়, আজ দেয়, বকেয়া বা খেলাপি হলে' })).toBeChecked();
  });
});

describe('a receipt’s payment method', () => {
  const receipt: DonationReceipt = {
    id: '3f1c8f0e-5a2b-4c6d-9e7f-0a1b2c3d4e5f',
    reference: 'HF-7K3Q-92',
    projectId: 'p1',
    projectTitle: 'Green Harvest Agro',
    status: 'pledged',
    amount: '700.00',
    currency: 'BDT',
    paymentMethod: 'Mobile Banking',
    anonymous: false,
    donorName: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    decidedAt: null,
    note: null,
    payOnline: false,
    data: { amount: 700, paymentMethod: 'Mobile Banking' },
    formVersion: 1,
    instructions: { method: 'Mobile Banking', summary: 'বিকাশ বা নগদ অ্যাপ খুলুন।', details: [{ label: 'বিকাশ মার্চেন্ট নম্বর', value: '01000000000' }], sample: false },
  };

  it('names the method in Bengali in the how-to-pay heading', () => {
    inBengali(
      <MemoryRouter>
        <Receipt receipt={receipt} heading="ধন্যবাদ" />
      </MemoryRouter>,
      { ...donateBn, ...appBn },
    );
    expect(screen.getByRole('heading', { name: /মোবাইল ব্যাংকিং/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Mobile Banking/ })).not.toBeInTheDocument();
  });
});
