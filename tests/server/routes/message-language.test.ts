/**
 * Messages in their recipient's language (issue 29 §3), on PGlite and PostgreSQL: a code SMS, an in-app notice with
 * its e-mail, an instalment reminder by SMS and a pledge's receipt e-mail come in Bengali to a person who chose
 * Bengali and in English to one who chose English, their money and dates written by the shared formatters in that
 * language; an account that never chose gets DEFAULT_LANGUAGE. The Bengali code SMS fits one UCS-2 part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS, json, person, startTestApp, type TestApp } from '../helpers';
import { acceptForm, agreementForm, api, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { addDays, startOfDhakaDay } from '../../../src/shared/format/dhaka-calendar';
import { formatDate } from '../../../src/shared/format/dates';
import { smsSize } from '../../../src/server/sms/segments';

type Notice = { kind: string; title: string; text: string };
const BENGALI = /[\u0980-\u09FF]/;

const outbox = async (app: FastifyInstance, phone: string) =>
  json<{ messages: { text: string; code: string | null }[] }>(await app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(phone)}` })).messages;
const mails = async (app: FastifyInstance, to: string) =>
  json<{ messages: { subject: string; text: string }[] }>(await app.inject({ method: 'GET', url: `/api/v1/dev/mail?to=${encodeURIComponent(to)}` })).messages;
const notices = async (app: FastifyInstance, who: Person, kind: string) => ((await api(app, 'GET', '/me/notices', who)).body.items as Notice[]).filter((n) => n.kind === kind);
const choose = async (app: FastifyInstance, who: Person, language: 'bn' | 'en') => expect((await api(app, 'PUT', '/me/language', who, { language })).status).toBe(200);
const dhakaMorning = (date: string, offset = 0) => new Date(startOfDhakaDay(addDays(date, offset)).getTime() + 10 * 3_600_000);

describe.each(DB_KINDS)('messages in the recipient’s language on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  const clock = { now: new Date() };
  beforeAll(async () => {
    t = await startTestApp(kind, {}, undefined, () => clock.now);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('sends the code SMS in the language chosen before signing up, Bengali in one UCS-2 part, and a reset code in the account’s language', async () => {
    const bn = person();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: bn, headers: { cookie: 'lang=bn' } })).statusCode).toBe(201);
    const [bnCode] = await outbox(t.app, bn.phone);
    expect(bnCode!.text).toBe(`হালাল ফান্ড: আপনার যাচাই কোড ${bnCode!.code}, ৩ মিনিট বৈধ। কাউকে জানাবেন না।`);
    expect(smsSize(bnCode!.text)).toMatchObject({ encoding: 'UCS-2', segments: 1 });

    const en = person();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/sign-up', payload: en })).statusCode).toBe(201);
    const [enCode] = await outbox(t.app, en.phone);
    expect(enCode!.text).toBe(`Your Halal Fund verification code is ${enCode!.code}. It expires in 3 minutes. Do not share it.`);
    expect(smsSize(enCode!.text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });

    // The reset code follows the account's choice, whatever language the request that asks for it is in.
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/forgot-password', payload: { phone: bn.phone }, headers: { 'accept-language': 'en' } });
    expect(reset.statusCode).toBe(200);
    const [bnReset] = await outbox(t.app, bn.phone);
    expect(bnReset!.text).toBe(`হালাল ফান্ড: পাসওয়ার্ড রিসেট কোড ${bnReset!.code}, ৩ মিনিট বৈধ। কাউকে জানাবেন না।`);
    expect(smsSize(bnReset!.text)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    // An account that never chose, asking in Bengali: the request's language.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/user/forgot-password', payload: { phone: en.phone }, headers: { 'accept-language': 'bn-BD' } });
    expect((await outbox(t.app, en.phone))[0]!.text).toMatch(/^হালাল ফান্ড: পাসওয়ার্ড রিসেট কোড \d{4},/);
  });

  it('writes a project’s approval notice and its e-mail in each owner’s language, the campaign’s end date in it', async () => {
    clock.now = new Date();
    const bnOwner = await verifiedOwner(t.app, staff);
    const enOwner = await verifiedOwner(t.app, staff);
    await choose(t.app, bnOwner, 'bn');
    await choose(t.app, enOwner, 'en');
    const bnProject = await openProject(t.app, bnOwner, staff);
    const enProject = await openProject(t.app, enOwner, staff);
    const endsOf = async (id: string) => (await api(t.app, 'GET', `/projects/${id}`, null)).body.endsAt as string;

    const [bn] = await notices(t.app, bnOwner, 'project_decided');
    expect(bn!.title).toMatch(/^আপনার প্রকল্প ".+" অনুমোদিত হয়েছে$/);
    const bnEnds = formatDate(await endsOf(bnProject), 'bn');
    expect(bnEnds).toMatch(/^[০-৯]{1,2} \S+ [০-৯]{4}$/);
    expect(bn!.text).toBe(`কর্মীরা আপনার প্রকল্প অনুমোদন করেছেন; এর ক্যাম্পেইন ${bnEnds} পর্যন্ত চালু থাকবে।`);
    const bnMail = (await mails(t.app, bnOwner.email)).find((m) => m.subject.includes('অনুমোদিত'))!;
    expect(bnMail.subject).toBe(`হালাল ফান্ড: ${bn!.title}`);
    expect(bnMail.text).toContain(bn!.text);
    expect(bnMail.text).toContain('সেটিংস থেকে আপনি এই ইমেইলগুলো বন্ধ করতে পারেন।');

    const [en] = await notices(t.app, enOwner, 'project_decided');
    const enEnds = formatDate(await endsOf(enProject));
    expect(enEnds).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(en!.text).toBe(`Staff approved your project; its campaign is open until ${enEnds}.`);
    expect(en!.title).not.toMatch(BENGALI);
    const enMail = (await mails(t.app, enOwner.email)).find((m) => m.subject.includes('approved'))!;
    expect(enMail.subject).toBe(`Halal Fund: ${en!.title}`);
    expect(enMail.text).toContain('You can turn these e-mails off in Settings.');
  });

  it('texts an instalment reminder in the owner’s language, with money in lakh grouping and Bengali digits', async () => {
    clock.now = new Date();
    const owner = await verifiedOwner(t.app, staff);
    const investor = await verifiedOwner(t.app, staff);
    await choose(t.app, owner, 'bn');
    await choose(t.app, investor, 'en');
    const projectId = await openProject(t.app, owner, staff);
    const sent = await api(t.app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(250_000));
    expect(sent.status).toBe(201);
    // The proposal's notice, to the owner, in Bengali; the acceptance's, to the investor, in English.
    const [proposal] = await notices(t.app, owner, 'proposal_received');
    expect(proposal!.text).toMatch(/^একজন বিনিয়োগকারী আপনার প্রকল্পে ৳২,৫০,০০০ \(.+\) বিনিয়োগের প্রস্তাব দিয়েছেন।/);
    expect((await api(t.app, 'POST', `/agreement-requests/${sent.body.id}/accept`, owner, acceptForm())).status).toBe(200);
    expect((await notices(t.app, investor, 'proposal_decided'))[0]!.text).toBe('The owner accepted your proposal of ৳2,50,000.');

    const items = (await api(t.app, 'GET', `/me/repayments?agreement=${sent.body.id}`, owner)).body.items as { dueOn: string; amount: string }[];
    const due = items[0]!.dueOn;
    clock.now = dhakaMorning(due, -3);
    expect(await t.app.jobs.run('instalment-reminders', clock.now)).toMatchObject({ ran: true, ok: true });
    const [sms] = (await outbox(t.app, owner.phone)).filter((m) => m.code === null);
    expect(items[0]!.amount).toBe('73562.50');
    expect(sms!.text).toMatch(/^হালাল ফান্ড: ".+"-এর ১ নম্বর কিস্তি \(৳৭৩,৫৬২\.৫০\) পরিশোধের শেষ তারিখ /);
    expect(sms!.text).toContain(`${formatDate(due, 'bn')}, আর ৩ দিন বাকি।`);
    expect(sms!.text).not.toMatch(/৳\d/);

    // The overdue notice reaches both, each in their own language.
    clock.now = dhakaMorning(due, 1);
    expect(await t.app.jobs.run('mark-overdue', clock.now)).toMatchObject({ ran: true, ok: true });
    const [ownerOverdue] = await notices(t.app, owner, 'instalment_due');
    expect(ownerOverdue!.title).toMatch(/-এর ১ নম্বর কিস্তি বকেয়া পড়েছে$/);
    const [investorOverdue] = await notices(t.app, investor, 'instalment_due');
    expect(investorOverdue!.text).toMatch(new RegExp(`due to you on ${formatDate(due)}, is not paid yet\\. The owner has been told\\.$`));
  });

  it('sends a pledge’s receipt e-mail, its payment instructions and its later e-mails in the language it was made in', async () => {
    clock.now = new Date();
    const owner = await verifiedOwner(t.app, staff);
    const projectId = await openProject(t.app, owner, staff);
    const pledge = (lang: string, email: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/projects/${projectId}/donations`, headers: { 'accept-language': lang }, payload: { amount: 150000, paymentMethod: 'Bank', name: 'Rahim', email } });
    const bn = await pledge('bn-BD', 'rahim.bn@example.com');
    expect(bn.statusCode).toBe(201);
    const [bnMail] = await mails(t.app, 'rahim.bn@example.com');
    expect(bnMail!.subject).toBe(`হালাল ফান্ড: আপনার দানের রসিদ ${json<{ reference: string }>(bn).reference}`);
    expect(bnMail!.text).toMatch(/^".+" প্রকল্পে ৳১,৫০,০০০ দানের অঙ্গীকারের জন্য আপনাকে ধন্যবাদ।/);
    // How to pay, in the pledge's language: the answer, the e-mail, and the receipt read again in each language.
    const bnReceipt = json<{ id: string; receiptKey: string; instructions: { summary: string; details: { label: string }[] } }>(bn);
    expect(bnReceipt.instructions.summary).toMatch(/^নিচের হিসাবে টাকা পাঠান/);
    expect(bnReceipt.instructions.details.map((d) => d.label)).toEqual(['হিসাবের নাম', 'হিসাব নম্বর', 'ব্যাংক', 'শাখা', 'রাউটিং নম্বর']);
    expect(bnMail!.text).toContain('নিচের হিসাবে টাকা পাঠান');
    expect(bnMail!.text).not.toContain('Transfer (BEFTN');
    const readReceipt = (lang: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/donations/${bnReceipt.id}`, headers: { 'accept-language': lang, 'x-receipt-key': bnReceipt.receiptKey } });
    expect(json<typeof bnReceipt>(await readReceipt('en')).instructions.summary).toMatch(/^Transfer \(BEFTN/);
    expect(json<typeof bnReceipt>(await readReceipt('bn')).instructions.details[0]!.label).toBe('হিসাবের নাম');
    expect((await pledge('en', 'rahim.en@example.com')).statusCode).toBe(201);
    const [enMail] = await mails(t.app, 'rahim.en@example.com');
    expect(enMail!.text).toMatch(/^Thank you for your pledge of ৳1,50,000 to ".+"\./);
    expect(enMail!.text).toContain('Transfer (BEFTN');
    // Confirmed later by staff (the site's default language is English): the signed-out donor is told in Bengali.
    expect((await api(t.app, 'POST', `/staff/donations/${bnReceipt.id}/review`, staff, { decision: 'approve' })).status).toBe(200);
    const confirmed = (await mails(t.app, 'rahim.bn@example.com')).find((m) => m.subject.includes('নিশ্চিত'));
    expect(confirmed?.subject).toBe(`হালাল ফান্ড: আপনার দান ${json<{ reference: string }>(bn).reference} নিশ্চিত হয়েছে`);
    expect(confirmed!.text).toMatch(/দান পৌঁছেছে এবং নিশ্চিত হয়েছে। ধন্যবাদ।/);
  });
});

describe('an account that never chose a language', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('is told in DEFAULT_LANGUAGE', async () => {
    t = await startTestApp('pglite', { defaultLanguage: 'bn' });
    const staff = await makeStaff(t.app);
    const owner = await verifiedOwner(t.app, staff);
    const [verified] = await notices(t.app, owner, 'verification_decided');
    expect(verified).toMatchObject({ title: 'আপনার পরিচয় যাচাই করা হয়েছে', text: 'কর্মীরা আপনার পরিচয় যাচাই করেছেন।' });
    await choose(t.app, owner, 'en');
    await openProject(t.app, owner, staff);
    expect((await notices(t.app, owner, 'project_decided'))[0]!.title).toMatch(/^Your project ".+" is approved$/);
  });
});
