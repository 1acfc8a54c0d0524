/**
 * The words of the income-year statement's PDF in each language (issue 29 §3: a printable document in its reader's
 * language; issue 30 §2: the Bengali font where the statement is in Bengali). English keeps the figures as the CSV
 * writes them. Bengali writes its words and dates in Bengali (digits and month names), and the table's amounts with
 * lakh grouping in ASCII digits, as Bangladeshi bank statements print them: a figure drawn in one font keeps its right
 * alignment (a Bengali figure with ASCII commas is drawn in two fonts, which pdfkit cannot right-align as one).
 * The CSV and the JSON stay in English: they are data for a program or a spreadsheet, not a page to read.
 */
import type { Language } from '../../../shared/i18n/language';
import { SECTION_TITLES, type StatementSectionKey } from '../../../shared/api/statements';
import { fromPaisa, toPaisa } from '../../../shared/domain/money';
import { groupDigits } from '../../../shared/format/count';
import { formatAmount } from '../../../shared/format/money';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { bengaliDigits } from '../../../shared/format/digits';
import type { CalendarDate } from '../../../shared/format/dhaka-calendar';
import { PLATFORM, PLATFORM_NAME } from '../../../shared/agreement/content';

export interface StatementWords {
  /** The PDF's language tag (its /Lang: screen readers, search). */
  tag: string;
  platform: string;
  columns: { date: string; project: string; detail: string; amountBdt: string; amount: string; principal: string; profit: string; section: string; movements: string };
  sections: Record<StatementSectionKey, string>;
  money: (amount: string) => string;
  count: (n: number) => string;
  /** A row's date (its Asia/Dhaka calendar date, `2026-09-01`). */
  date: (value: CalendarDate) => string;
  title: (year: string) => string;
  period: (from: string, to: string) => string;
  facts: { name: string; email: string; identity: string; produced: string };
  produced: (at: Date) => string;
  verified: (on: Date | string | null, document: string | null) => string;
  notVerified: (document: string | null) => string;
  footer: (year: string, name: string, page: number) => string;
  docTitle: (year: string, name: string) => string;
  agreement: string;
  instalment: (seq: number, of: number) => string;
  reference: (ref: string) => string;
  donation: string;
  investment: string;
  total: string;
  movements: (n: number) => string;
  summary: string;
  nothing: string;
  splitNote: string;
}

/** Taka with grouped digits and two decimals, without the currency (the columns say BDT): "16,814.28". */
const englishMoney = (amount: string) => groupDigits(fromPaisa(toPaisa(amount)));

const EN: StatementWords = {
  tag: 'en-GB',
  platform: PLATFORM,
  columns: { date: 'Date', project: 'Project', detail: 'Detail', amountBdt: 'Amount (BDT)', amount: 'Amount', principal: 'Principal', profit: 'Profit', section: 'Section', movements: 'Movements' },
  sections: SECTION_TITLES,
  money: englishMoney,
  count: (n) => String(n),
  date: (value) => formatDate(value),
  title: (year) => `Statement for the income year ${year}`,
  period: (from, to) => `${formatDate(from)} to ${formatDate(to)} · Bangladesh income year, dates in Asia/Dhaka · amounts in BDT`,
  facts: { name: 'Name', email: 'Email', identity: 'Identity', produced: 'Produced' },
  produced: (at) => `${formatDateTime(at)} (Dhaka time)`,
  verified: (on, document) => `Verified by ${PLATFORM} on ${formatDate(on)}${document ? ` · ${document}` : ''}`,
  notVerified: (document) => `Not verified by ${PLATFORM}${document ? ` (stated ${document})` : ''}`,
  footer: (year, name, page) => `${PLATFORM} · statement for the income year ${year} · ${name} · page ${page}`,
  docTitle: (year, name) => `Statement ${year}: ${name}`,
  agreement: 'Agreement',
  instalment: (seq, of) => `Instalment ${seq} of ${of}`,
  reference: (ref) => `Ref ${ref}`,
  donation: 'Donation',
  investment: 'Investment',
  total: 'Total',
  movements: (n) => `${n} ${n === 1 ? 'movement' : 'movements'}`,
  summary: 'Summary',
  nothing: 'No money moved in this income year.',
  splitNote:
    'An instalment is split into the principal it repays and its profit part as the platform’s Murabaha agreements define: each instalment’s profit part is its share of the agreement’s profit, rounded down to the paisa, and the last instalment takes the rest, so an agreement’s profit parts add up exactly to its profit.',
};

const BN_PLATFORM = PLATFORM_NAME.bn;

const BN: StatementWords = {
  tag: 'bn-BD',
  platform: BN_PLATFORM,
  columns: { date: 'তারিখ', project: 'প্রকল্প', detail: 'বিবরণ', amountBdt: 'টাকায় পরিমাণ', amount: 'পরিমাণ', principal: 'আসল', profit: 'মুনাফা', section: 'খাত', movements: 'লেনদেন' },
  sections: { investments: 'বিনিয়োগ', instalmentsReceived: 'প্রাপ্ত কিস্তি', donations: 'দান', fundsRaised: 'সংগৃহীত অর্থ', instalmentsPaid: 'পরিশোধিত কিস্তি' },
  money: (amount) => formatAmount(fromPaisa(toPaisa(amount))),
  count: (n) => bengaliDigits(String(n)),
  // A table date short enough for its column (০১-০৯-২০২৬); the heading's dates say the month's name.
  date: (value) => bengaliDigits(value.split('-').reverse().join('-')),
  title: (year) => `আয়বর্ষ ${bengaliDigits(year)}-এর বিবরণী`,
  period: (from, to) => `${formatDate(from, 'bn')} থেকে ${formatDate(to, 'bn')} · বাংলাদেশের আয়বর্ষ, তারিখ ঢাকার সময়ে · পরিমাণ টাকায়`,
  facts: { name: 'নাম', email: 'ইমেইল', identity: 'পরিচয়', produced: 'তৈরির সময়' },
  produced: (at) => `${formatDateTime(at, 'bn')} (ঢাকার সময়)`,
  verified: (on, document) => `${formatDate(on, 'bn')} তারিখে ${BN_PLATFORM} যাচাই করেছে${document ? ` · ${document}` : ''}`,
  notVerified: (document) => `${BN_PLATFORM} যাচাই করেনি${document ? ` (জানানো হয়েছে ${document})` : ''}`,
  footer: (year, name, page) => `${BN_PLATFORM} · আয়বর্ষ ${bengaliDigits(year)}-এর বিবরণী · ${name} · পৃষ্ঠা ${bengaliDigits(String(page))}`,
  docTitle: (year, name) => `বিবরণী ${bengaliDigits(year)}: ${name}`,
  agreement: 'চুক্তি',
  instalment: (seq, of) => `${bengaliDigits(String(of))}টির মধ্যে ${bengaliDigits(String(seq))} নম্বর কিস্তি`,
  reference: (ref) => `রেফারেন্স ${ref}`,
  donation: 'দান',
  investment: 'বিনিয়োগ',
  total: 'মোট',
  movements: (n) => `${bengaliDigits(String(n))}টি লেনদেন`,
  summary: 'সারাংশ',
  nothing: 'এই আয়বর্ষে কোনো লেনদেন হয়নি।',
  splitNote:
    'প্ল্যাটফর্মের মুরাবাহা চুক্তি অনুযায়ী প্রতিটি কিস্তি দুই ভাগে দেখানো হয়েছে: যে আসল পরিশোধ হলো, আর তার মুনাফার অংশ। প্রতিটি কিস্তির মুনাফার অংশ চুক্তির মোট মুনাফায় তার ভাগ, পয়সা পর্যন্ত নিচের দিকে গোল করা; বাকিটুকু যায় শেষ কিস্তিতে, তাই একটি চুক্তির মুনাফার অংশগুলো যোগ করলে ঠিক তার মোট মুনাফা হয়।',
};

/** The statement's words in a language. */
export function statementWords(language: Language): StatementWords {
  return language === 'bn' ? BN : EN;
}
