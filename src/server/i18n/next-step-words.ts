/**
 * The dashboard's "what needs you" (`GET /me/next-steps`) in the reader's language (issue 29 §3): each item's text is
 * written in English by the route, with the names people typed in it (a project's title, staff's note); in Bengali it
 * is said again from its kind and values, the names kept. The staff queues' labels likewise.
 */
import type { Language } from '../../shared/i18n/language';
import type { NextStep } from '../../shared/api/views';
import { bengaliDigits } from '../../shared/format/digits';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import DONATE_BN from '../../../schemas/i18n/donate.bn.json';

const METHODS: Record<string, string> = DONATE_BN;
const n = (count: number) => bengaliDigits(String(count));
const money = (amount: string | undefined, fallback: string) => (amount === undefined ? bengaliDigits(fallback) : formatMoney(amount, 'bn'));

/** An item's Bengali, from its kind and values (the English text only lends the names it carries). */
function bengali(item: NextStep): string | null {
  const text = item.text;
  switch (item.kind) {
    case 'proposals': {
      const title = /to decide on “(.*)”$/s.exec(text)?.[1];
      return title === undefined ? null : `“${title}” প্রকল্পে ${n(item.count)}টি চুক্তির অনুরোধে আপনার সিদ্ধান্ত বাকি`;
    }
    case 'instalments-to-pay':
      return item.date ? `${n(item.count)}টি কিস্তি পরিশোধ করতে হবে, পরেরটির তারিখ ${formatDate(item.date, 'bn')}` : null;
    case 'instalments-to-confirm':
      return `পরিশোধিত ${n(item.count)}টি কিস্তি (${money(item.amount, '')}) পেয়েছেন কি না নিশ্চিত করুন`;
    case 'verification': {
      if (text === 'Verify your identity: it is needed before you raise funds') return 'আপনার পরিচয় যাচাই করুন: অর্থ সংগ্রহের আগে এটি প্রয়োজন';
      const rejected = /^Correct your identity verification — staff rejected it(?:: (.*))?$/s.exec(text);
      return rejected ? `আপনার পরিচয় যাচাই সংশোধন করুন — কর্মীরা এটি প্রত্যাখ্যান করেছেন${rejected[1] ? `: ${rejected[1]}` : ''}` : null;
    }
    case 'project-draft':
      return 'যে প্রকল্পটি শুরু করেছিলেন, সেটি শেষ করুন';
    case 'pledge': {
      const m = /^Pay your pledge of (\S+) to “(.*)” \((.+)\)$/s.exec(text);
      return m ? `“${m[2]}” প্রকল্পে আপনার ${money(item.amount, m[1]!)} দানের অঙ্গীকার পরিশোধ করুন (${METHODS[m[3]!] ?? m[3]})` : null;
    }
    case 'accepted': {
      const m = /^“(.*)” accepted your agreement request of (\S+): see your returns$/s.exec(text);
      return m ? `“${m[1]}” আপনার ${money(item.amount, m[2]!)} বিনিয়োগের চুক্তির অনুরোধ গ্রহণ করেছে: আপনার প্রাপ্তি দেখুন` : null;
    }
    default:
      return null;
  }
}

/** An item in a language (a copy when said differently; an item this code cannot say stays as it is). */
export function nextStepIn<T extends NextStep>(item: T, language: Language): T {
  if (language !== 'bn') return item;
  const said = bengali(item);
  return said === null ? item : { ...item, text: said };
}

const STAFF_QUEUES_BN: Record<string, string> = {
  verifications: 'পর্যালোচনার অপেক্ষায় যাচাই',
  projects: 'পর্যালোচনার অপেক্ষায় প্রকল্প',
  donations: 'নিশ্চিত করার অপেক্ষায় দান',
};

/** A staff queue's label in a language. */
export function staffQueueIn<T extends { id: string; label: string }>(queue: T, language: Language): T {
  return language === 'bn' && STAFF_QUEUES_BN[queue.id] ? { ...queue, label: STAFF_QUEUES_BN[queue.id]! } : queue;
}
