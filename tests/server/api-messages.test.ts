/**
 * Every fixed message the server answers with has its Bengali (issue 29 §1): the test reads src/server for the
 * messages the routes throw and send, as a product person adding one would write it, and refuses any without a
 * translation in src/server/i18n/api-messages.bn.json; the messages that carry a value are said by patterns.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMessage, hasBengali, localizeAnswer } from '../../src/server/i18n/api-messages';
import { DATABASE_UNAVAILABLE, describeWait, OVERLOADED, VALIDATION_MESSAGE } from '../../src/server/errors';
import BN from '../../src/server/i18n/api-messages.bn.json';
import { RISK_ACK_MISSING } from '../../src/server/modules/content/service';

const SERVER = join(__dirname, '../../src/server');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The fixed messages in the server's code: thrown (`conflict('…')`, `notFound('…')`) or answered (`message: '…'`). */
function fixedMessages(): { message: string; file: string }[] {
  const out: { message: string; file: string }[] = [];
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(badRequest|unauthorized|forbidden|conflict|tooManyRequests|badGateway|notFound)\('((?:[^'\\]|\\.)*)'/g)) {
      out.push({ message: m[1] === 'notFound' ? `${m[2]} was not found.` : m[2]!, file });
    }
    for (const m of text.matchAll(/\bmessage: '((?:[^'\\]|\\.)*)'/g)) out.push({ message: m[1]!, file });
  }
  return out;
}

describe("the API's messages in Bengali", () => {
  it('every fixed message in src/server has its Bengali', () => {
    const found = fixedMessages();
    expect(found.length).toBeGreaterThan(60);
    const missing = found.filter((f) => !hasBengali(f.message)).map((f) => `${f.file.slice(SERVER.length + 1)}: ${f.message}`);
    expect(missing).toEqual([]);
    for (const m of [DATABASE_UNAVAILABLE, OVERLOADED, VALIDATION_MESSAGE, RISK_ACK_MISSING]) expect(hasBengali(m), m).toBe(true);
  });

  it('no Bengali merely repeats the English, and each is written in Bengali', () => {
    for (const [en, bn] of Object.entries(BN as Record<string, string>)) {
      expect(bn, en).not.toBe(en);
      expect(bn, en).toMatch(/[\u0980-\u09ff]/);
    }
  });

  it('says the messages with a value in Bengali, the value kept and its digits in Bengali', () => {
    expect(apiMessage(`Too many failed sign-in attempts. Try again in ${describeWait(125)}.`, 'bn')).toBe('অনেকবার ভুল সাইন-ইন চেষ্টা হয়েছে। ২ মিনিট ৫ সেকেন্ড পর আবার চেষ্টা করুন।');
    expect(apiMessage('This project is not taking donations: it is funded.', 'bn')).toBe('এই প্রকল্প এখন দান নিচ্ছে না: এটি অর্থায়ন সম্পন্ন।');
    expect(apiMessage('Please correct the highlighted fields. (20 of 31 problems shown)', 'bn')).toBe('অনুগ্রহ করে চিহ্নিত ঘরগুলো ঠিক করুন। (৩১টি সমস্যার মধ্যে ২০টি দেখানো হলো)');
    expect(apiMessage('The cooling-off window ended on 23 Nov 2026, 17:39, 48 hours after acceptance: this agreement can no longer be cancelled.', 'bn')).toBe(
      'চুক্তি গ্রহণের ৪৮ ঘণ্টা পর, ২৩ নভেম্বর ২০২৬, ১৭:৩৯-এ, বিবেচনার সময় শেষ হয়েছে: এই চুক্তি আর বাতিল করা যাবে না।',
    );
    expect(apiMessage('Thank you! Your pledge of ৳2,500 by Cash is recorded with the payment reference HF-7K3Q-92. Pay as shown below; staff confirm it when the money arrives.', 'bn')).toBe(
      'ধন্যবাদ! আপনার ৳২,৫০০ দানের অঙ্গীকার লিপিবদ্ধ হয়েছে (পরিশোধের মাধ্যম: নগদ টাকা; পেমেন্ট রেফারেন্স HF-7K3Q-92)। নিচে যেভাবে দেখানো আছে সেভাবে পরিশোধ করুন; টাকা পৌঁছালে কর্মীরা তা নিশ্চিত করবেন।',
    );
    expect(apiMessage('৳1,00,000 is over the limit for one project for retail investors, ৳5,00,000: you have used ৳4,50,000 and ৳50,000 is left.', 'bn')).toBe(
      '৳১,০০,০০০ খুচরা বিনিয়োগকারীদের এক প্রকল্পের সীমা ৳৫,০০,০০০ ছাড়িয়ে যায়: আপনি ৳৪,৫০,০০০ ব্যবহার করেছেন, বাকি আছে ৳৫০,০০০।',
    );
    // English is left as it is; so is a message nobody has translated (a form's own, already in its language).
    expect(apiMessage('This project was not found.', 'en')).toBe('This project was not found.');
    expect(apiMessage('এই ঘরটি পূরণ করতে হবে', 'bn')).toBe('এই ঘরটি পূরণ করতে হবে');
  });

  it('never changes the answer a route sends: a copy is said in Bengali', () => {
    const answer = { message: 'Draft discarded.', errors: [{ path: '/x', message: 'No such file' }] };
    const said = localizeAnswer(answer, 'bn') as typeof answer;
    expect(said).toEqual({ message: 'খসড়াটি বাদ দেওয়া হয়েছে।', errors: [{ path: '/x', message: 'এমন কোনো ফাইল নেই' }] });
    expect(answer.message).toBe('Draft discarded.');
    expect(answer.errors[0]!.message).toBe('No such file');
    expect(localizeAnswer(answer, 'en')).toBe(answer);
  });
});
