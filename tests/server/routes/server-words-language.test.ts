/**
 * The words the server writes itself, in the request's language (issue 29 §1, §3), on PGlite and PostgreSQL: the same
 * request with `Accept-Language: bn` and `en` differs only in words — the scheduled jobs' results staff read (stored
 * once, as a key and its counts, and said in each reader's language), the notice kinds' labels, the payment methods
 * and wallets of a receipt, the gateway's refusals a donor reads, and the other messages said with a value in them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { startFakeGateway } from '../fake-sslcommerz';
import { apiMessage } from '../../../src/server/i18n/api-messages';
import { jobWords, sayJobResult } from '../../../src/server/jobs/words';
import { donationNote } from '../../../src/server/modules/donations/views';
import { systemNote } from '../../../src/server/i18n/system-notes';

type Lang = 'bn' | 'en';
const BENGALI = /[\u0980-\u09FF]/;
/** Latin words of two letters or more, outside what people typed (e-mails, references, codes). */
const englishWords = (text: string) => text.replace(/\S+@\S+|\b[A-Z0-9]{2,}(?:-[A-Z0-9]+)*\b|[a-z]+-[a-z-]+/g, '').match(/[A-Za-z]{2,}/g) ?? [];

async function ask(app: FastifyInstance, language: Lang, method: 'GET' | 'POST' | 'PUT', url: string, who?: Person | null, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method, url: `/api/v1${url}`, headers: { ...(who ? who.auth : {}), 'accept-language': language, ...headers }, payload: payload as object });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
}

/** The same answer's shape in both languages: every key and every non-text value alike. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value === 'string' ? 'text' : value;
}

describe.each(DB_KINDS)('the server’s own words in the request’s language on %s', (kind) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
  let staff: Person;
  let project: string;
  beforeAll(async () => {
    gateway = await startFakeGateway('halaltest0001', 'halaltest0001@ssl');
    // The wrong store password: the gateway refuses every session, as a de-activated store does.
    t = await startTestApp(kind, { paymentGateway: 'sslcommerz', sslcommerz: { storeId: 'halaltest0001', storePassword: 'wrong', url: gateway.url }, publicUrl: 'https://halalfund.example' });
    staff = await makeStaff(t.app);
    project = await openProject(t.app, await verifiedOwner(t.app, staff), staff);
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  it('says each job’s last result in the staff member’s language, from one stored row', async () => {
    const run = { en: await ask(t.app, 'en', 'POST', '/staff/jobs/close-campaigns/run', staff) };
    expect(run.en.status).toBe(200);
    expect(run.en.body.summary).toMatch(/^closed \d+ campaigns?$/);
    const bnRun = await ask(t.app, 'bn', 'POST', '/staff/jobs/purge/run', staff);
    expect(bnRun.status).toBe(200);
    expect(bnRun.body.summary).toMatch(/^মুছে ফেলা হয়েছে: [০-৯,]+টি সেশন, [০-৯,]+টি কোড, [০-৯,]+টি পরিত্যক্ত খসড়া, [০-৯,]+টি খসড়ার ফাইল, [০-৯,]+টি পাঠানো ইমেইল, [০-৯,]+টি আইডেমপোটেন্সি কী$/);
    expect(bnRun.body.job.lastRun.result).toBe(bnRun.body.summary);

    const en = await ask(t.app, 'en', 'GET', '/staff/jobs', staff);
    const bn = await ask(t.app, 'bn', 'GET', '/staff/jobs', staff);
    expect(shape(bn.body)).toEqual(shape(en.body));
    const result = (body: Record<string, any>, name: string) => (body.items as { name: string; lastRun: { result: string } | null }[]).find((j) => j.name === name)!.lastRun!.result; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    // Run in Bengali, read in English: the stored row is the same for both.
    expect(result(en.body, 'purge')).toMatch(/^removed \d+ sessions?, \d+ codes?, \d+ abandoned drafts?, \d+ draft files?, \d+ sent e-mails?, \d+ idempotency keys?$/);
    expect(result(bn.body, 'purge')).toBe(bnRun.body.summary);
    expect(result(en.body, 'close-campaigns')).toBe(run.en.body.summary);
    expect(result(bn.body, 'close-campaigns')).toMatch(/^[০-৯]+টি ক্যাম্পেইন বন্ধ করা হয়েছে$/);
    const row = await t.app.db.selectFrom('job_runs').select(['result', 'result_words']).where('job', '=', 'purge').orderBy('started_at', 'desc').executeTakeFirstOrThrow();
    expect(row.result).toBe(result(en.body, 'purge'));
    expect(row.result_words).toMatchObject({ key: 'purge', values: { sessions: expect.any(Number) } });
    // A job run twice in one slot: the 409 says why in each language.
    const slot = new Date();
    await t.app.jobs.run('pledges', slot, slot);
    expect(await t.app.jobs.run('pledges', slot, slot)).toEqual({ ran: false, reason: 'already run for this slot' });
  });

  it('labels each kind of notice in the reader’s language, the settings the same', async () => {
    const en = await ask(t.app, 'en', 'GET', '/me/notice-preferences', staff);
    const bn = await ask(t.app, 'bn', 'GET', '/me/notice-preferences', staff);
    expect(en.status).toBe(200);
    expect(shape(bn.body)).toEqual(shape(en.body));
    const label = (body: Record<string, any>, kind: string) => (body.kinds as { kind: string; label: string }[]).find((k) => k.kind === kind)!.label; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    expect(label(en.body, 'donation_confirmed')).toBe('My donation is confirmed');
    expect(label(bn.body, 'donation_confirmed')).toBe('আমার দান নিশ্চিত হলে');
    expect(label(bn.body, 'invest_request')).toBe('কোনো প্রকল্প মালিক আমাকে বিনিয়োগের অনুরোধ পাঠালে');
    for (const k of bn.body.kinds as { label: string }[]) expect(englishWords(k.label), k.label).toEqual([]);
    // A change answers in the language too.
    const changed = await ask(t.app, 'bn', 'PUT', '/me/notice-preferences', staff, { email: { donation_confirmed: false } });
    expect(changed.status).toBe(200);
    expect(label(changed.body, 'donation_confirmed')).toBe('আমার দান নিশ্চিত হলে');
  });

  it('names a receipt’s wallets in Bengali, and says why a pledge cannot be paid online', async () => {
    const email = `wallet${Date.now()}@example.com`;
    const made = await ask(t.app, 'bn', 'POST', `/projects/${project}/donations`, null, { amount: 700, paymentMethod: 'Mobile Banking', email });
    expect(made.status).toBe(201);
    expect(made.body.message).toContain('পরিশোধের মাধ্যম: মোবাইল ব্যাংকিং');
    // The receipt e-mail, in the language the donor pledged in: the method and the wallets named in Bengali.
    const mail = await t.app.inject({ method: 'GET', url: `/api/v1/dev/mail?to=${encodeURIComponent(email)}` });
    const [receipt] = (JSON.parse(mail.body) as { messages: { text: string }[] }).messages;
    expect(receipt!.text).toContain('পেমেন্টের মাধ্যম: মোবাইল ব্যাংকিং');
    expect(receipt!.text).toContain('মোবাইল ব্যাংকিং দিয়ে যেভাবে টাকা পাঠাবেন:');
    expect(receipt!.text).toMatch(/ {2}বিকাশ মার্চেন্ট নম্বর: \d+/);
    const key = { 'x-receipt-key': made.body.receiptKey as string };
    const en = await ask(t.app, 'en', 'GET', `/donations/${made.body.id}`, null, undefined, key);
    const bn = await ask(t.app, 'bn', 'GET', `/donations/${made.body.id}`, null, undefined, key);
    expect(shape(bn.body)).toEqual(shape(en.body));
    expect(en.body.instructions.details.map((d: { label: string }) => d.label)).toEqual(['bKash merchant number', 'Nagad merchant number']);
    expect(bn.body.instructions.details.map((d: { label: string }) => d.label)).toEqual(['বিকাশ মার্চেন্ট নম্বর', 'নগদ মার্চেন্ট নম্বর']);
    expect(bn.body.instructions.method).toBe('Mobile Banking');

    // The gateway refuses the session: a 502 whose reason is the gateway's, said in the donor's language.
    const enFail = await ask(t.app, 'en', 'POST', `/donations/${made.body.id}/checkout`, null, {}, key);
    const bnFail = await ask(t.app, 'bn', 'POST', `/donations/${made.body.id}/checkout`, null, {}, key);
    expect([enFail.status, bnFail.status]).toEqual([502, 502]);
    expect(enFail.body.message).toBe('Online payment is not available right now: the payment gateway refused the session: Store Credential Error Or Store is De-active. You can still pay as the receipt says.');
    expect(bnFail.body.message).toBe('এই মুহূর্তে অনলাইন পেমেন্ট চালু নেই: পেমেন্ট গেটওয়ে এই মুহূর্তে পেমেন্টটি শুরু করতে দেয়নি। রসিদে যেভাবে বলা আছে সেভাবে এখনও পরিশোধ করতে পারেন।');

    // A method never paid online: its name in the donor's language.
    const bank = await ask(t.app, 'bn', 'POST', `/projects/${project}/donations`, null, { amount: 700, paymentMethod: 'Bank' });
    const bankKey = { 'x-receipt-key': bank.body.receiptKey as string };
    const enBank = await ask(t.app, 'en', 'POST', `/donations/${bank.body.id}/checkout`, null, {}, bankKey);
    const bnBank = await ask(t.app, 'bn', 'POST', `/donations/${bank.body.id}/checkout`, null, {}, bankKey);
    expect([enBank.status, bnBank.status]).toEqual([409, 409]);
    expect(enBank.body.message).toBe('Online payment is not available for Bank pledges: pay as the receipt says.');
    expect(bnBank.body.message).toBe('ব্যাংক মাধ্যমের অঙ্গীকার অনলাইনে পরিশোধ করা যায় না: রসিদে যেভাবে বলা আছে সেভাবে পরিশোধ করুন।');
  });

  // After the receipt's test: this run expires every pledge made so far.
  it('says a note the system wrote on a donation in the donor’s language, one staff typed as typed', async () => {
    const donor = await signUpVerified(t.app);
    const made = await ask(t.app, 'en', 'POST', `/projects/${project}/donations`, donor, { amount: 500, paymentMethod: 'Cash' });
    expect(made.status).toBe(201);
    const later = new Date(Date.now() + 20 * 86_400_000);
    expect(await t.app.jobs.run('pledges', later, later)).toMatchObject({ ran: true, ok: true });
    const en = await ask(t.app, 'en', 'GET', '/me/donations', donor);
    const bn = await ask(t.app, 'bn', 'GET', '/me/donations', donor);
    expect(shape(bn.body)).toEqual(shape(en.body));
    expect(en.body.items[0]).toMatchObject({ id: made.body.id, status: 'cancelled', note: 'Not paid within 14 days.' });
    expect(bn.body.items[0]).toMatchObject({ id: made.body.id, status: 'cancelled', note: '১৪ দিনের মধ্যে পরিশোধ করা হয়নি।' });
    // Staff read it in their language too.
    const staffBn = await ask(t.app, 'bn', 'GET', `/staff/donations?q=${made.body.reference as string}`, staff);
    expect(staffBn.body.items[0].note).toBe('১৪ দিনের মধ্যে পরিশোধ করা হয়নি।');
  });

  it('says the system’s notes of a project’s audit log in the staff member’s language', async () => {
    const closing = await openProject(t.app, await verifiedOwner(t.app, staff), staff);
    expect((await ask(t.app, 'en', 'POST', `/projects/${closing}/close`, staff, {})).status).toBe(200);
    const en = await ask(t.app, 'en', 'GET', `/staff/projects/${closing}`, staff);
    const bn = await ask(t.app, 'bn', 'GET', `/staff/projects/${closing}`, staff);
    expect(shape(bn.body)).toEqual(shape(en.body));
    const closed = (body: Record<string, any>) => (body.history as { action: string; note: string | null }[]).find((h) => h.action === 'project.close')!; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
    // The test project is all or nothing, closed with nothing raised: two sentences, each said in Bengali.
    expect(closed(en.body).note).toMatch(/^Closed by staff\. All or nothing: the goal was not reached \(৳0 of ৳[\d,]+\)\.$/);
    expect(closed(bn.body).note).toMatch(/^কর্মীরা বন্ধ করেছেন। সব অথবা কিছুই না: লক্ষ্য পূরণ হয়নি \(৳[০-৯,]+ লক্ষ্যের মধ্যে উঠেছে ৳০\)।$/);
  });

  it('says what needs a person, and staff’s queues, in their language', async () => {
    const person = await signUpVerified(t.app);
    const en = await ask(t.app, 'en', 'GET', '/me/next-steps', person);
    const bn = await ask(t.app, 'bn', 'GET', '/me/next-steps', person);
    expect(shape(bn.body)).toEqual(shape(en.body));
    expect(en.body.items).toContainEqual(expect.objectContaining({ kind: 'verification', text: 'Verify your identity: it is needed before you raise funds' }));
    expect(bn.body.items).toContainEqual(expect.objectContaining({ kind: 'verification', text: 'আপনার পরিচয় যাচাই করুন: অর্থ সংগ্রহের আগে এটি প্রয়োজন' }));
    // A pledge to pay: the project's title kept, the amount and the method in Bengali.
    await ask(t.app, 'en', 'POST', `/projects/${project}/donations`, person, { amount: 2500, paymentMethod: 'Cash' });
    const pledge = (await ask(t.app, 'bn', 'GET', '/me/next-steps', person)).body.items.find((i: { kind: string }) => i.kind === 'pledge');
    expect(pledge.text).toBe('“Green Harvest Agro” প্রকল্পে আপনার ৳২,৫০০ দানের অঙ্গীকার পরিশোধ করুন (নগদ টাকা)');
    const staffBn = await ask(t.app, 'bn', 'GET', '/me/next-steps', staff);
    expect((staffBn.body.staff as { label: string }[]).map((q) => q.label)).toEqual(['পর্যালোচনার অপেক্ষায় যাচাই', 'পর্যালোচনার অপেক্ষায় প্রকল্প', 'নিশ্চিত করার অপেক্ষায় দান']);
  });

  it('says a bad query or address in the request’s language', async () => {
    const en = await ask(t.app, 'en', 'GET', '/me/donations?limit=1000', staff);
    const bn = await ask(t.app, 'bn', 'GET', '/me/donations?limit=1000', staff);
    expect([en.status, bn.status]).toEqual([400, 400]);
    expect(en.body).toEqual({ message: 'Invalid querystring: limit must be <= 50', errors: [{ path: '/limit', message: 'Must be <= 50' }] });
    expect(bn.body).toEqual({ message: 'অনুরোধটি সঠিক নয়: limit: সর্বোচ্চ ৫০ হতে পারে', errors: [{ path: '/limit', message: 'সর্বোচ্চ ৫০ হতে পারে' }] });
    const status = await ask(t.app, 'bn', 'GET', '/staff/donations?status=bogus', staff);
    expect(status.body.errors).toEqual([{ path: '/status', message: 'অনুমোদিত মানগুলোর একটি দিন' }]);
  });

  it('thanks a newsletter subscriber in their language', async () => {
    const email = `news${Date.now()}@example.com`;
    const bn = await ask(t.app, 'bn', 'POST', '/newsletter', null, { email });
    expect(bn.body.message).toBe(`ধন্যবাদ! ${email} আমাদের নিউজলেটারে যুক্ত হয়েছে।`);
    const en = await ask(t.app, 'en', 'POST', '/newsletter', null, { email });
    expect(en.status).toBe(bn.status);
    expect(en.body.message).toBe(`${email} is already subscribed. Thank you for staying with us!`);
    expect((await ask(t.app, 'bn', 'POST', '/newsletter', null, { email })).body.message).toBe(`${email} আগে থেকেই আমাদের নিউজলেটারে যুক্ত আছে। আমাদের সঙ্গে থাকার জন্য ধন্যবাদ!`);
  });
});

describe('the words of job results and messages with a value', () => {
  it('says every job result in both languages, English as the runner records it', () => {
    expect(sayJobResult(jobWords('mail', { sent: 1, retry: 0 }), 'en')).toBe('1 e-mail sent, 0 to retry');
    expect(sayJobResult(jobWords('mail', { sent: 1, retry: 0 }), 'bn')).toBe('১টি ইমেইল পাঠানো হয়েছে, ০টি ইমেইল আবার পাঠানোর চেষ্টা হবে');
    expect(sayJobResult(jobWords('latePayments', { charges: 1204, intoDefault: 1, outOfDefault: 0 }), 'en')).toBe('opened 1,204 late charges, 1 agreement into default, 0 agreements out of default');
    expect(sayJobResult(jobWords('latePayments', { charges: 1204, intoDefault: 1, outOfDefault: 0 }), 'bn')).toBe('১,২০৪টি বিলম্ব ফি খোলা হয়েছে, ১টি চুক্তি খেলাপি হয়েছে, ০টি চুক্তি খেলাপি থেকে বেরিয়েছে');
    expect(sayJobResult(jobWords('reminders', { soon: 2, today: 1 }), 'bn')).toBe('মনে করিয়ে দেওয়া হয়েছে: শিগগির দেয় ২টি কিস্তি, আজ দেয় ১টি কিস্তি');
    expect(sayJobResult(jobWords('overdue', { instalments: 3 }), 'bn')).toBe('৩টি কিস্তি বকেয়া হিসেবে চিহ্নিত করা হয়েছে');
    expect(sayJobResult(jobWords('pledges', { reminded: 1, expired: 2 }), 'bn')).toBe('১টি অঙ্গীকারের কথা মনে করিয়ে দেওয়া হয়েছে, ২টি অঙ্গীকারের মেয়াদ শেষ হয়েছে');
    expect(sayJobResult(jobWords('documents', { made: 1 }), 'bn')).toBe('১টি চুক্তিপত্র তৈরি করা হয়েছে');
    expect(sayJobResult(jobWords('failed', { reason: 'connection refused' }), 'en')).toBe('failed: connection refused');
    expect(sayJobResult(jobWords('failed', { reason: 'connection refused' }), 'bn')).toBe('ব্যর্থ হয়েছে: connection refused');
    // A row written before results had their words (or by other code) is shown as stored.
    expect(sayJobResult(null, 'bn')).toBeNull();
    expect(sayJobResult({ key: 'nothing', values: {} }, 'bn')).toBeNull();
  });

  it('says the notes the system writes on a donation in Bengali, and leaves staff’s own notes as typed', () => {
    expect(donationNote('Paid online through SSLCommerz (tran_id HF-7K3Q-92-AB12CD34, val_id 123).', 'bn')).toBe('SSLCommerz-এর মাধ্যমে অনলাইনে পরিশোধ করা হয়েছে (tran_id HF-7K3Q-92-AB12CD34, val_id 123)।');
    expect(donationNote('The all-or-nothing campaign ended below its goal: do not pay this pledge.', 'bn')).toBe('‘সব অথবা কিছুই না’ ক্যাম্পেইনটি লক্ষ্যে না পৌঁছেই শেষ হয়েছে: এই অঙ্গীকারের টাকা পরিশোধ করবেন না।');
    expect(donationNote('Not paid within 14 days.', 'en')).toBe('Not paid within 14 days.');
    expect(donationNote('Cash received at the office', 'bn')).toBe('Cash received at the office');
    expect(donationNote(null, 'bn')).toBeNull();
  });

  it('says the audit log’s system notes in Bengali, two in one note, a typed note as typed', () => {
    expect(systemNote('The campaign end date passed. All or nothing: the goal was not reached (৳1,20,000 of ৳5,00,000).', 'bn')).toBe(
      'ক্যাম্পেইনের শেষ তারিখ পেরিয়ে গেছে। সব অথবা কিছুই না: লক্ষ্য পূরণ হয়নি (৳৫,০০,০০০ লক্ষ্যের মধ্যে উঠেছে ৳১,২০,০০০)।',
    );
    expect(systemNote('Raised money reached the goal.', 'bn')).toBe('সংগৃহীত অর্থ লক্ষ্যে পৌঁছেছে।');
    expect(systemNote('Closed by its owner.', 'bn')).toBe('মালিক বন্ধ করেছেন।');
    expect(systemNote('Raised money reached the goal.', 'en')).toBe('Raised money reached the goal.');
    expect(systemNote('Documents checked against the NID', 'bn')).toBe('Documents checked against the NID');
  });

  it('says the server’s messages with a value in Bengali', () => {
    expect(apiMessage('The job purge did not run: already run for this slot. Try again in a moment.', 'bn')).toBe('purge কাজটি চলেনি: এই সময়ের জন্য এটি আগেই চালানো হয়েছে। একটু পরে আবার চেষ্টা করুন।');
    expect(apiMessage('The job purge did not run: another process is running it. Try again in a moment.', 'bn')).toBe('purge কাজটি চলেনি: অন্য একটি প্রসেস এটি চালাচ্ছে। একটু পরে আবার চেষ্টা করুন।');
    expect(apiMessage('Online payment is not available right now: the payment gateway did not answer (fetch failed). You can still pay as the receipt says.', 'bn')).toBe(
      'এই মুহূর্তে অনলাইন পেমেন্ট চালু নেই: পেমেন্ট গেটওয়ে থেকে কোনো সাড়া পাওয়া যায়নি। রসিদে যেভাবে বলা আছে সেভাবে এখনও পরিশোধ করতে পারেন।',
    );
    expect(apiMessage('Version 3 of this form was not found.', 'bn')).toBe('এই ফর্মের সংস্করণ ৩ পাওয়া যায়নি।');
    expect(apiMessage('Version 3 of the site content was not found.', 'bn')).toBe('সাইটের বিষয়বস্তুর সংস্করণ ৩ পাওয়া যায়নি।');
    expect(apiMessage('Version 5 was made from version 3, but version 4 has gone live since: approving it would undo that change. Return it so its author can redo it on version 4.', 'bn')).toBe(
      'সংস্করণ ৫ তৈরি হয়েছিল সংস্করণ ৩ থেকে, কিন্তু এর পরে সংস্করণ ৪ চালু হয়েছে: এটি অনুমোদন করলে সেই পরিবর্তন মুছে যাবে। এটি ফেরত পাঠান, যাতে লেখক সংস্করণ ৪-এর ওপর আবার পরিবর্তনটি করতে পারেন।',
    );
    expect(apiMessage("The asking amount must be at least the platform's minimum investment of ৳10,000, or set a lower minimum investment", 'bn')).toBe(
      'চাওয়া অর্থের পরিমাণ প্ল্যাটফর্মের সর্বনিম্ন বিনিয়োগ ৳১০,০০০-এর কম হতে পারে না, অথবা সর্বনিম্ন বিনিয়োগ আরও কম দিন',
    );
    expect(apiMessage('Minimum investment cannot be more than the asking amount', 'bn')).toMatch(BENGALI);
  });
});
