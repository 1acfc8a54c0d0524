/**
 * The Murabaha agreement document of an accepted proposal (issue 28 §8): made at acceptance from the terms (with no
 * upload needed), the same bytes on every download with their SHA-256 in the view, readable by the two parties and
 * staff only, and each party's consent recorded once against that fingerprint, audited. On PGlite and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, signUpVerified, startTestApp, type TestApp } from '../helpers';
import { agreementForm, api, fixture, makeStaff, openProject, verifiedOwner, type Person } from '../market-helpers';
import { pdfText } from '../pdf-text';
import { renderAgreementPdf } from '../../../src/server/modules/agreements/pdf';
import type { AgreementTerms } from '../../../src/shared/agreement/terms';

const TERMS = { askamu: 500000, roi: 17.7, reduration: 7, return: 'Recurring', returningTime: 1, totalDuration: 7, initialins: 0 };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DB_KINDS)('agreement documents on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  let owner: Person;
  let investor: Person;
  let stranger: Person;
  let projectId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
    owner = await verifiedOwner(t.app, staff);
    investor = await verifiedOwner(t.app, staff);
    stranger = await signUpVerified(t.app);
    for (const [who, name] of [[owner, 'Rahim Uddin'], [investor, 'Farhana Akter']] as const) {
      expect((await api(t.app, 'PUT', '/profile', who, { ...fixture('profile'), name, email: who.email, phone: who.phone })).status).toBe(200);
    }
    projectId = await openProject(t.app, owner, staff, TERMS);
  });
  afterAll(() => t?.close());

  async function download(id: string, who: Person | null) {
    return t.app.inject({ method: 'GET', url: `/api/v1/agreement-requests/${id}/document.pdf`, headers: who ? who.auth : {} });
  }

  /** A proposal of 100,000 accepted with the bare acceptance form: no documents. */
  async function accepted(amount = 100000, type = 'Halal Way'): Promise<string> {
    const request = await api(t.app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(amount, type));
    expect(request.status).toBe(201);
    const res = await api(t.app, 'POST', `/agreement-requests/${request.body.id}/accept`, owner, {});
    expect(res.status).toBe(200);
    expect(res.body.acceptanceDocuments).toEqual([]);
    return request.body.id as string;
  }

  it('makes the agreement at acceptance without an upload: a PDF both parties and staff download, byte for byte the same, hashed in the view', async () => {
    const id = await accepted();
    const mine = (await api(t.app, 'GET', '/me/agreement-requests', investor)).body.items.find((i: { id: string }) => i.id === id);
    const document = mine.document as { number: string; sha256: string; fileName: string; path: string };
    expect(document.number).toMatch(/^HF-M-[0-9A-F]{8}$/);
    expect(document.path).toBe(`/agreement-requests/${id}/document.pdf`);

    const first = await download(id, investor);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${document.number}-murabaha-agreement.pdf"`);
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(first.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(sha256(first.rawPayload)).toBe(document.sha256);
    // Two downloads, and the owner's and staff's, are the same bytes.
    for (const who of [investor, owner, staff]) expect((await download(id, who)).rawPayload.equals(first.rawPayload)).toBe(true);
    // The owner's proposal cards carry the same document.
    const cards = await api(t.app, 'GET', `/projects/${projectId}/agreement-requests`, owner);
    expect(cards.body.items.find((i: { id: string }) => i.id === id).document.sha256).toBe(document.sha256);

    // What it says: the parties as verified, the goods, the money in figures and words, the schedule, the clauses.
    const text = pdfText(first.rawPayload);
    for (const words of [
      'Murabaha Financing Agreement',
      document.number,
      'Farhana Akter',
      'Rahim Uddin',
      'National ID ending 6789',
      'Green Harvest Agro',
      "Organic vegetables for Dhaka's supermarkets.",
      'BDT 100,000.00',
      'Taka One Lakh Only',
      '17.70 % = BDT 17,700.00',
      'BDT 117,700.00',
      'BDT 16,814.28',
      'BDT 16,814.32',
      'It is not interest (riba)',
      'is paid to charity through Halal Fund; it is never paid to the Investor',
      'It is not a party to this sale',
      'account number ending 9012',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(words);
    }
    // Identity and account numbers are never printed whole in a document that may be forwarded.
    expect(text).not.toContain('1990123456789');
    expect(text).not.toContain('0123456789012');
    // The date is the acceptance's calendar date in Dhaka.
    const view = (await api(t.app, 'GET', `/agreement-requests/${id}`, investor)).body;
    const terms = view.terms as AgreementTerms;
    expect(terms.acceptedOn).toBe(new Date(new Date(view.decidedAt).getTime() + 6 * 3600_000).toISOString().slice(0, 10));
    expect(terms.schedule).toHaveLength(7);
    // Made again from its stored terms, the document is the same bytes: nothing in it depends on when it is drawn.
    expect((await renderAgreementPdf(terms)).equals(first.rawPayload)).toBe(true);
  });

  it('shows the agreement to nobody else: a stranger gets 404, as for an unknown id; signed out, 401', async () => {
    const id = await accepted(50000);
    expect((await download(id, stranger)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `/agreement-requests/${id}`, stranger)).status).toBe(404);
    expect((await download('00000000-0000-4000-8000-000000000000', investor)).statusCode).toBe(404);
    expect((await download(id, null)).statusCode).toBe(401);
    expect((await api(t.app, 'POST', `/agreement-requests/${id}/consent`, stranger, { sha256: 'a'.repeat(64) })).status).toBe(404);
  });

  it('records each party’s consent once, against the document’s fingerprint, audited; refuses a wrong fingerprint with 409', async () => {
    const id = await accepted(60000);
    const view = async (who: Person) => (await api(t.app, 'GET', `/agreement-requests/${id}`, who)).body;
    const { document } = await view(investor);
    expect(document.consents).toEqual({ investor: null, owner: null });

    const stale = await api(t.app, 'POST', `/agreement-requests/${id}/consent`, investor, { sha256: 'f'.repeat(64) });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/not the fingerprint of this agreement’s document, so nothing was recorded/);
    expect((await view(investor)).document.consents.investor).toBeNull();
    expect((await api(t.app, 'POST', `/agreement-requests/${id}/consent`, investor, { sha256: 'not a hash' })).status).toBe(400);

    const first = await api(t.app, 'POST', `/agreement-requests/${id}/consent`, investor, { sha256: document.sha256 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ party: 'investor', name: 'Farhana Akter', sha256: document.sha256, statement: document.statements.investor });
    expect(first.body.statement).toBe(`I have read Murabaha financing agreement ${document.number} and agree to its terms: I provide BDT 60,000.00 and Rahim Uddin pays me BDT 70,620.00 in 7 instalments.`);
    const again = await api(t.app, 'POST', `/agreement-requests/${id}/consent`, investor, { sha256: document.sha256 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    // Staff read it but do not consent for a party.
    expect((await api(t.app, 'POST', `/agreement-requests/${id}/consent`, staff, { sha256: document.sha256 })).status).toBe(403);
    const owners = await api(t.app, 'POST', `/agreement-requests/${id}/consent`, owner, { sha256: document.sha256 });
    expect(owners.status).toBe(201);
    expect(owners.body.statement).toContain('I receive BDT 60,000.00 from Farhana Akter and pay BDT 70,620.00 in 7 instalments.');

    const both = (await view(owner)).document.consents;
    expect(both.investor).toMatchObject({ name: 'Farhana Akter', at: first.body.at });
    expect(both.owner).toMatchObject({ name: 'Rahim Uddin', at: owners.body.at });
    const stored = await t.app.db.selectFrom('agreement_consents').selectAll().where('agreement_id', '=', id).execute();
    expect(stored.map((c) => [c.party, c.sha256, c.statement]).sort()).toEqual([
      ['investor', document.sha256, first.body.statement],
      ['owner', document.sha256, owners.body.statement],
    ]);
    const audited = await t.app.db.selectFrom('audit_log').select(['action', 'note']).where('subject_id', '=', id).where('action', 'like', 'agreement.consent.%').execute();
    expect(audited.map((a) => a.action).sort()).toEqual(['agreement.consent.investor', 'agreement.consent.owner']);
    expect(audited[0]!.note).toContain(document.sha256);
  });

  it('has no document before acceptance, nor for a donation-type proposal: each says why', async () => {
    const pending = await api(t.app, 'POST', `/projects/${projectId}/agreement-requests`, investor, agreementForm(40000));
    expect(pending.body.document).toBeNull();
    const res = await download(pending.body.id, investor);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This proposal is pending: its agreement is made only when the owner accepts it.');
    expect((await api(t.app, 'POST', `/agreement-requests/${pending.body.id}/consent`, owner, { sha256: 'a'.repeat(64) })).status).toBe(409);
    const donation = await accepted(30000, 'Donation');
    expect((await api(t.app, 'GET', `/agreement-requests/${donation}`, owner)).body.document).toBeNull();
    expect((await download(donation, owner)).statusCode).toBe(409);
  });

  it('gives agreements accepted before documents existed the same document, by the job', async () => {
    const id = await accepted(70000);
    const before = (await download(id, investor)).rawPayload;
    // As migration 020 found an older agreement: no document, listed for the job.
    await t.app.db.deleteFrom('agreement_documents').where('agreement_id', '=', id).execute();
    await t.app.db.insertInto('agreement_documents_pending').values({ agreement_id: id }).execute();
    expect((await download(id, investor)).statusCode).toBe(409);
    const run = await t.app.jobs.run('agreement-documents');
    expect(run).toMatchObject({ ran: true, ok: true, summary: 'made 1 agreement document' });
    expect((await download(id, investor)).rawPayload.equals(before)).toBe(true);
    expect(await t.app.db.selectFrom('agreement_documents_pending').selectAll().execute()).toEqual([]);
  });
});
