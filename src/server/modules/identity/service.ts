/**
 * Identity: a person's profile ("40% Profile Update"), their identity verification ("60% Profile Management") and
 * staff's decision on it, and what staff read of a person (their qualified-investor mark, limits and its history).
 * Forms are stored as their JSON (jsonb), so a field product staff add to a schema is kept with no migration; file
 * fields are stored as files and replaced by `file:<id>`. The one file other modules import.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ProfileForm, QualificationForm, ReviewForm } from '../../../shared/generated/form-types';
import type { SessionUser } from '../../plugins/auth';
import type { JsonSchema } from '../../../shared/forms/catalog';
import { audit, auditTrail } from '../../audit';
import { conflict, fieldErrors, notFound } from '../../errors';
import { decodeUploads, storeUploads } from '../../files/store';
import { withE164Phones } from '../accounts/service';
import { personLimits } from '../investors/service';
import { noticeLinks, noticeSite, notify } from '../notices/service';
import { currentVerificationRow, profileRow, replaceVerification, saveProfileRow, setVerificationData } from './queries/profile';
import { decideSubmitted, queueRows, submissionRow, verificationState } from './queries/verifications';
import { findPeople, heldBy, personRow, qualificationMark, userExists } from './queries/people';
import { completeness, queueItemView, submissionView, verificationView } from './views';
import type { VERIFICATION_STATUSES } from './schemas';

import { setQualified } from './qualification';
import type { Language } from '../../../shared/i18n/language';

export { setQualified };

type Status = (typeof VERIFICATION_STATUSES)[number];

/** The user's current verification submission (undefined when none). */
export function currentVerification(db: Kysely<DB>, userId: string) {
  return currentVerificationRow(db, userId);
}

/** The signed-in user's verification as they see it. */
export async function myVerification(db: Kysely<DB>, userId: string) {
  return verificationView(await currentVerificationRow(db, userId), true);
}

/** The signed-in user's profile form, the defaults it starts from, its completeness and their verification. */
export async function profileOf(db: Kysely<DB>, me: SessionUser) {
  const row = await profileRow(db, me.id);
  const verification = verificationView(await currentVerificationRow(db, me.id), false);
  return {
    profile: row?.data ?? null,
    formVersion: row?.form_version ?? null,
    defaults: { email: me.email, phone: me.phone },
    completeness: completeness(Boolean(row), verification.status),
    verification,
  };
}

/** Saves the profile form; the phone in E.164 like the account's number, however it was typed. */
export async function saveProfile(db: Kysely<DB>, me: SessionUser, form: ProfileForm, schema: JsonSchema, formVersion: number) {
  const data = JSON.stringify(withE164Phones(schema, form));
  await saveProfileRow(db, me.id, { data, formVersion, name: form.name, country: form.country });
  return profileOf(db, me);
}

/**
 * Submits identity documents for review (status "submitted"). A new submission replaces the current one, also a
 * verified one, which goes back to review. The answer is read in the transaction: a submission that committed is
 * never answered with an error.
 */
export async function submitVerification(db: Kysely<DB>, me: SessionUser, form: Record<string, unknown>, schema: JsonSchema, formVersion: number) {
  const decoded = decodeUploads(schema, form);
  return db.transaction().execute(async (trx) => {
    const row = await replaceVerification(trx, me.id, formVersion, new Date());
    const doc = await storeUploads(trx, me.id, decoded, { type: 'verification', id: row.id });
    await setVerificationData(trx, row.id, doc);
    return verificationView(await currentVerificationRow(trx, me.id), true);
  });
}

/** Staff's queue: the current submissions of one status. */
export async function verificationQueue(db: Kysely<DB>, status: Status) {
  return { items: (await queueRows(db, status)).map(queueItemView) };
}

/** One submission as staff review it, with its history. */
export async function submissionForStaff(db: Kysely<DB>, id: string, language: Language = 'en') {
  const row = await submissionRow(db, id);
  if (!row) throw notFound('This verification');
  return { ...submissionView(row), history: await auditTrail(db, 'verification', row.id, language) };
}

/**
 * Staff's decision on a submission (verify, or reject with a note), only while it is the current one under review,
 * audited and told to its person in one transaction.
 */
export async function decideVerification(app: FastifyInstance, me: SessionUser, id: string, review: ReviewForm) {
  const after: Status = review.decision === 'approve' ? 'verified' : 'rejected';
  const note = review.note?.trim() || null;
  const result = await app.db.transaction().execute(async (trx) => {
    const updated = await decideSubmitted(trx, id, { status: after, note, by: me.id });
    if (!updated) {
      const existing = await verificationState(trx, id);
      if (!existing) throw notFound('This verification');
      throw conflict(existing.superseded_at ? 'A newer submission replaced this one: review the newer one.' : `This verification was already ${existing.status}.`);
    }
    await audit(trx, {
      actorId: me.id,
      action: after === 'verified' ? 'verification.verify' : 'verification.reject',
      subjectType: 'verification',
      subjectId: updated.id,
      before: 'submitted',
      after,
      note,
    });
    await notify(
      trx,
      {
        userId: updated.user_id,
        kind: 'verification_decided',
        title:
          after === 'verified'
            ? { en: 'Your identity is verified', bn: 'আপনার পরিচয় যাচাই করা হয়েছে' }
            : { en: 'Your identity verification was not accepted', bn: 'আপনার পরিচয় যাচাই গ্রহণ করা হয়নি' },
        text:
          after === 'verified'
            ? { en: 'Staff verified your identity.', bn: 'কর্মীরা আপনার পরিচয় যাচাই করেছেন।' }
            : {
                en: `Staff did not accept your verification.${note ? ` Their note: ${note}` : ''} You can correct it and submit again.`,
                bn: `কর্মীরা আপনার যাচাইয়ের তথ্য গ্রহণ করেননি।${note ? ` তাঁদের নোট: ${note}` : ''} আপনি তথ্য ঠিক করে আবার জমা দিতে পারেন।`,
              },
        link: after === 'verified' ? noticeLinks.profile() : noticeLinks.verification(),
      },
      noticeSite(app.config),
    );
    return { id: updated.id, status: after, note };
  });
  app.mail.kick();
  return result;
}

/** People whose e-mail, phone or name contains `q`, each with whether they are a qualified investor. */
export async function peopleMatching(db: Kysely<DB>, q: string) {
  const rows = await findPeople(db, q.trim());
  return { items: rows.map((r) => ({ id: r.id, email: r.email, phone: r.phone, name: r.name ?? null, qualified: r.qualified !== null })) };
}

/** One person's investor status (the mark's note, evidence, who and when), limits and what they used, and its history. */
export async function personForStaff(app: FastifyInstance, id: string) {
  const person = await personRow(app.db, id);
  if (!person) throw notFound('This person');
  const mark = await qualificationMark(app.db, person.id);
  const history = (await auditTrail(app.db, 'user', person.id)).filter((e) => e.action === 'investor.qualify' || e.action === 'investor.unqualify');
  return {
    id: person.id,
    email: person.email,
    phone: person.phone,
    name: person.name ?? null,
    qualification: mark ? { note: mark.note, evidenceFileId: mark.evidence_file_id, at: mark.qualified_at.toISOString(), by: mark.by ?? null } : null,
    limits: await personLimits(app.db, app.config, person.id, app.now()),
    history: history.reverse(),
  };
}

/**
 * Staff mark a person a qualified investor (no retail limits) or retail again, with a note and the evidence (a file
 * sent with the form, or `file:<id>`, one the person already holds) stored with the mark.
 */
export async function qualify(db: Kysely<DB>, me: SessionUser, id: string, form: QualificationForm, schema: JsonSchema) {
  const { qualified, note } = form;
  const person = await userExists(db, id);
  if (!person) throw notFound('This person');
  // The form's file field, decoded and checked by its content like every upload (a PDF or an image).
  const decoded = decodeUploads(schema, form);
  const file = decoded.files.get('/evidence') ?? null;
  const stored = decoded.refs.get('/evidence') ?? null;
  if (stored && !(await heldBy(db, stored, person.id))) throw fieldErrors([{ path: '/evidence', message: 'File not found: upload it again' }]);
  const changed = await setQualified(db, { userId: person.id, qualified, note, evidenceFileId: stored, evidence: file, actorId: me.id });
  // After the commit the person is what was asked (changed now, or already so): answered without a read that
  // could fail after the change was made.
  return { id: person.id, qualified, changed };
}
