/**
 * What owners and investors are told about instalments on their dates (reminders, overdue, late charge, default), in
 * both languages: each function gives the words of one notice, money, dates and counts formatted in each language.
 */
import type { Config } from '../../config';
import type { Language } from '../../../shared/i18n/language';
import { addDays } from '../../../shared/format/dhaka-calendar';
import { formatDate } from '../../../shared/format/dates';
import { formatMoney, formatNumber } from '../../../shared/format/money';
import { localDigits } from '../../../shared/format/digits';
import { plural } from '../../../shared/format/plural';
import { say, type Words } from '../notices/service';

/** An instalment as the words name it. */
export interface Named {
  seq: number;
  title: string;
  amount: string;
  due_on: string;
}

const days = (n: number, l: Language) => plural(n, l === 'bn' ? { other: '# দিন' } : { one: '# day', other: '# days' }, l);
const seq = (i: Named, l: Language) => formatNumber(i.seq, l);
const rate = (config: Config, l: Language) => localDigits(`${config.lateCharityRatePa}%`, l);

const PAY_EN = 'Pay the investor and mark it paid.';
const PAY_BN = 'বিনিয়োগকারীকে টাকা পরিশোধ করে কিস্তিটি পরিশোধিত হিসেবে চিহ্নিত করুন।';

/** Reminders to the owner, a few days before and on the day. */
export const dueSoon = (i: Named, left: number) => ({
  title: say((l) => (l === 'bn' ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তি পরিশোধের আর ${days(left, l)} বাকি` : `Instalment ${i.seq} of "${i.title}" is due in ${days(left, l)}`)),
  text: say((l) =>
    l === 'bn'
      ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তি (${formatMoney(i.amount, l)}) পরিশোধের শেষ তারিখ ${formatDate(i.due_on, l)}, আর ${days(left, l)} বাকি। ${PAY_BN}`
      : `Instalment ${i.seq} of "${i.title}" (${formatMoney(i.amount)}) is due on ${formatDate(i.due_on)}, in ${days(left, l)}. ${PAY_EN}`,
  ),
});

export const dueToday = (i: Named) => ({
  title: say((l) => (l === 'bn' ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তি পরিশোধের শেষ দিন আজ` : `Instalment ${i.seq} of "${i.title}" is due today`)),
  text: say((l) =>
    l === 'bn'
      ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তি (${formatMoney(i.amount, l)}) আজ, ${formatDate(i.due_on, l)}, পরিশোধ করতে হবে। ${PAY_BN}`
      : `Instalment ${i.seq} of "${i.title}" (${formatMoney(i.amount)}) is due today, ${formatDate(i.due_on)}. ${PAY_EN}`,
  ),
});

/** What the owner is told about the late charge and default when an instalment becomes overdue. */
function consequences(dueOn: string, config: Config, l: Language): string {
  const from = formatDate(addDays(dueOn, config.lateGraceDays + 1), l);
  const charged = Number(config.lateCharityRatePa) > 0;
  if (l === 'bn') {
    const charge = charged ? ` ${from} থেকে পরিশোধিত হিসেবে চিহ্নিত না করা পর্যন্ত এর ওপর বছরে ${rate(config, l)} হারে বিলম্ব ফি জমা হবে, যা দাতব্য খাতে যাবে (বিনিয়োগকারী কখনো তা পান না)।` : '';
    return `${charge} ${days(config.defaultAfterDays, l)} বকেয়া থাকলে চুক্তিটি খেলাপি হবে, যা আপনার প্রকল্পগুলোর প্রকাশ্য পরিশোধ রেকর্ডে দেখা যাবে।`;
  }
  const charge = charged ? ` From ${from} a late charge of ${config.lateCharityRatePa}% a year on it accrues for charity (never to the investor) until you mark it paid.` : '';
  return `${charge} After ${days(config.defaultAfterDays, l)} overdue the agreement is in default, which your projects' public repayment record shows.`;
}

/** The owner's and the investor's notices of an instalment just overdue. */
export const overdue = (i: Named, config: Config) => {
  const what = (l: Language) => (l === 'bn' ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তি (${formatMoney(i.amount, l)})` : `Instalment ${i.seq} of "${i.title}" (${formatMoney(i.amount)})`);
  return {
    title: say((l) => (l === 'bn' ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তি বকেয়া পড়েছে` : `Instalment ${i.seq} of "${i.title}" is overdue`)),
    owner: say((l) =>
      l === 'bn'
        ? `${what(l)} ${formatDate(i.due_on, l)} তারিখে পরিশোধের কথা ছিল, কিন্তু এখনো পরিশোধিত হিসেবে চিহ্নিত হয়নি। ${PAY_BN}${consequences(i.due_on, config, l)}`
        : `${what(l)} was due on ${formatDate(i.due_on)} and is not marked paid. ${PAY_EN}${consequences(i.due_on, config, l)}`,
    ),
    investor: say((l) =>
      l === 'bn'
        ? `${what(l)}, যা ${formatDate(i.due_on, l)} তারিখে আপনার পাওয়ার কথা ছিল, এখনো পরিশোধ হয়নি। মালিককে জানানো হয়েছে।`
        : `${what(l)}, due to you on ${formatDate(i.due_on)}, is not paid yet. The owner has been told.`,
    ),
  };
};

/** The owner's notice that a late charge for charity has started on an instalment. */
export const lateChargeOpened = (i: Named, config: Config) => {
  const from = (l: Language) => formatDate(addDays(i.due_on, config.lateGraceDays + 1), l);
  return {
    title: say((l) => (l === 'bn' ? `"${i.title}"-এর ${seq(i, l)} নম্বর কিস্তিতে দাতব্য খাতের বিলম্ব ফি জমা হচ্ছে` : `A late charge for charity accrues on instalment ${i.seq} of "${i.title}"`)),
    text: say((l) =>
      l === 'bn'
        ? `${seq(i, l)} নম্বর কিস্তি (${formatMoney(i.amount, l)}), যার শেষ তারিখ ছিল ${formatDate(i.due_on, l)}, এখনো পরিশোধিত হিসেবে চিহ্নিত হয়নি: ${from(l)} থেকে পরিশোধিত হিসেবে চিহ্নিত না করা পর্যন্ত এর ওপর বছরে ${rate(config, l)} হারে বিলম্ব ফি জমা হচ্ছে। এটি প্ল্যাটফর্মের দাতব্য হিসাবের পাওনা, কখনো বিনিয়োগকারীর নয়।`
        : `Instalment ${i.seq} (${formatMoney(i.amount)}), due on ${formatDate(i.due_on)}, is still not marked paid: from ${from(l)} ` +
          `a late charge of ${config.lateCharityRatePa}% a year on it accrues until you mark it paid. It is owed to the platform's charity account, never to the investor.`,
    ),
  };
};

/** The owner's and the investor's notices of an agreement gone into default. */
export const inDefault = (a: { title: string; amount: string; oldest: string }, config: Config) => {
  const note = (l: Language) =>
    l === 'bn'
      ? `${formatDate(a.oldest, l)} তারিখের একটি কিস্তি ${days(config.defaultAfterDays, l)} বা তার বেশি সময় ধরে বকেয়া।`
      : `An instalment due on ${formatDate(a.oldest)} is overdue ${days(config.defaultAfterDays, l)} or more.`;
  const title: Words = say((l) => (l === 'bn' ? `"${a.title}"-এর চুক্তিটি খেলাপি হয়েছে` : `The agreement on "${a.title}" is in default`));
  return {
    /** The audit note (English, as every audit note). */
    auditNote: note('en'),
    title,
    owner: say((l) =>
      l === 'bn'
        ? `${note(l)} সব বকেয়া কিস্তি পরিশোধ না হওয়া পর্যন্ত ${formatMoney(a.amount, l)}-এর চুক্তিটি খেলাপি থাকবে, এবং আপনার প্রকল্পগুলোর প্রকাশ্য পরিশোধ রেকর্ডে তা দেখা যাবে।`
        : `${note(l)} The agreement of ${formatMoney(a.amount)} is in default until every overdue instalment is paid, and your projects' public repayment record shows it.`,
    ),
    investor: say((l) =>
      l === 'bn'
        ? `${note(l)} মালিক সব বকেয়া কিস্তি পরিশোধ না করা পর্যন্ত আপনার ${formatMoney(a.amount, l)}-এর চুক্তিটি খেলাপি থাকবে; কর্মীরা বিষয়টি দেখছেন।`
        : `${note(l)} Your agreement of ${formatMoney(a.amount)} is in default until the owner pays every overdue instalment; staff follow it up.`,
    ),
  };
};
