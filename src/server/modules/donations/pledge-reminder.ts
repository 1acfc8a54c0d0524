/**
 * The reminder of a pledge not paid yet: a text message to a donor who pledged signed in (in their language), an
 * e-mail to one who pledged signed out with an address (in the language they pledged in, else the site's default). Both lead to the receipt.
 */
import type { Language } from '../../../shared/i18n/language';
import { formatMoney } from '../../../shared/format/money';
import { plural } from '../../../shared/format/plural';
import { PLATFORM_NAME } from '../../../shared/agreement/content';
import { mailSubject } from '../notices/service';

export function pledgeReminder(reference: string, amount: string, daysLeft: number) {
  const left = (l: Language) => plural(daysLeft, l === 'bn' ? { other: '# দিনের' } : { one: '# day', other: '# days' }, l);
  return {
    sms: (l: Language, link: string) =>
      l === 'bn'
        ? `${PLATFORM_NAME.bn}: আপনার ${formatMoney(amount, l)}-এর অঙ্গীকার ${reference} এখনো পরিশোধ হয়নি। ${left(l)} মধ্যে পরিশোধ করুন, নইলে এটি বাতিল হয়ে যাবে। যেভাবে পরিশোধ করবেন: ${link}`
        : `${PLATFORM_NAME.en}: your pledge ${reference} of ${formatMoney(amount)} is not paid yet. Pay within ${left(l)} or it expires. How to pay: ${link}`,
    mail: (l: Language, link: string) =>
      l === 'bn'
        ? {
            subject: mailSubject(`আপনার অঙ্গীকার ${reference} এখনো পরিশোধ হয়নি`, l),
            text: `আপনার ${formatMoney(amount, l)}-এর অঙ্গীকার ${reference} এখনো পরিশোধ হয়নি। ${left(l)} মধ্যে পরিশোধ করুন, নইলে এটি বাতিল হয়ে যাবে।\n\nআপনার রসিদ, পরিশোধের নিয়ম ও যে রেফারেন্স উল্লেখ করবেন তা সহ:\n${link}`,
          }
        : {
            subject: mailSubject(`your pledge ${reference} is not paid yet`, l),
            text: `Your pledge ${reference} of ${formatMoney(amount)} is not paid yet. Pay within ${left(l)} or it expires.\n\nYour receipt, with how to pay and the reference to quote:\n${link}`,
          },
  };
}
