/**
 * 014_form_phones_e164 on a database from before it (the step's row removed, documents stored as older versions
 * stored them): the phone answers of profiles, projects and offers become E.164 in DEFAULT_PHONE_REGION, by the
 * fields the schema of each document's version marks `format: "phone"`; an answer that is not a mobile number is
 * reported and left as typed. On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { DB_KINDS, freshDataDir, freshPostgres, ROOT, type DbKind } from '../helpers';

const STEP = '014_form_phones_e164.ts';

/** A migrated database of the kind, reopenable (PGlite holds a lock while open). */
async function freshTarget(kind: DbKind) {
  if (kind === 'pglite') {
    const dataDir = await freshDataDir();
    return {
      open: (phoneRegion = 'BD') => openDatabase({ dataDir, phoneRegion }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pg = await freshPostgres();
  return { open: (phoneRegion = 'BD') => openDatabase({ dataDir: '', databaseUrl: pg.url, phoneRegion }), drop: pg.drop };
}

const fileSchema = (form: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${form}.schema.json`), 'utf8')) as { properties: Record<string, unknown> };

/** Forgets that the step ran and stores documents the way older versions did: phones as typed. */
async function seedOldDocuments(database: Database, phones: { profile: string; project: string; offer: string; altPhone?: string }) {
  const { db } = database;
  await sql`DELETE FROM schema_migrations WHERE name = ${STEP}`.execute(db);
  const users = await db
    .insertInto('users')
    .values([
      { email: 'owner@example.com', phone: '+8801812345678', password_hash: 'x' },
      { email: 'investor@example.com', phone: '+8801912345678', password_hash: 'x' },
    ])
    .returning('id')
    .execute();
  const [owner, investor] = users.map((u) => u.id) as [string, string];
  // Version 2 of the profile form, published in the studio, adds a second phone field.
  const profileV2 = fileSchema('profile');
  profileV2.properties.altPhone = { type: 'string', title: 'Second phone', format: 'phone' };
  await db.insertInto('form_versions').values({ form_id: 'profile', version: 2, schema: JSON.stringify(profileV2), ui_schema: '{}' }).execute();
  await db
    .insertInto('profiles')
    .values([
      { user_id: owner, name: 'Owner', country: 'Bangladesh', form_version: 2, data: JSON.stringify({ name: 'Owner', phone: phones.profile, altPhone: phones.altPhone ?? '' }) },
      // Version 1 has no altPhone field: the same key there is not a phone answer and is left alone.
      { user_id: investor, name: 'Investor', country: 'Bangladesh', form_version: 1, data: JSON.stringify({ name: 'Investor', phone: '01912345678', altPhone: '01712345678' }) },
    ])
    .execute();
  const project = await db
    .insertInto('projects')
    .values({
      owner_id: owner,
      status: 'open',
      data: JSON.stringify({ bname: 'Rooftop farms', phone: phones.project, askamu: 80_000 }),
      title: 'Rooftop farms',
      category: 'Organic Foods',
      country: 'Bangladesh',
      goal: '80000',
      min_investment: '20000',
      markup_percent: '12',
      tenor_months: 12,
      return_type: 'On-time',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await db
    .insertInto('offers')
    .values({ investor_id: investor, status: 'open', kind: 'Donate', data: JSON.stringify({ name: 'Investor', phone: phones.offer, investmentType: 'Donate' }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { owner, investor, project: project.id, offer: offer.id };
}

async function documents(database: Database, ids: { owner: string; investor: string; project: string; offer: string }) {
  const { db } = database;
  const profile = async (id: string) => (await db.selectFrom('profiles').select('data').where('user_id', '=', id).executeTakeFirstOrThrow()).data;
  return {
    owner: await profile(ids.owner),
    investor: await profile(ids.investor),
    project: (await db.selectFrom('projects').select('data').where('id', '=', ids.project).executeTakeFirstOrThrow()).data,
    offer: (await db.selectFrom('offers').select('data').where('id', '=', ids.offer).executeTakeFirstOrThrow()).data,
  };
}

describe.each(DB_KINDS)('phone answers migration on %s', (kind) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('puts the phone answers of profiles, projects and offers in E.164, by the fields of each document’s version', async () => {
    const target = await freshTarget(kind);
    try {
      const first = await target.open();
      const ids = await seedOldDocuments(first, { profile: '01812345678', project: '880 1812-345678', offer: '+880 1912 345678', altPhone: '01712345678' });
      await first.close();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const second = await target.open();
      try {
        expect(second.applied).toEqual([STEP]);
        expect(warn).not.toHaveBeenCalled();
        expect(await documents(second, ids)).toEqual({
          owner: { name: 'Owner', phone: '+8801812345678', altPhone: '+8801712345678' },
          investor: { name: 'Investor', phone: '+8801912345678', altPhone: '01712345678' },
          project: { bname: 'Rooftop farms', phone: '+8801812345678', askamu: 80_000 },
          offer: { name: 'Investor', phone: '+8801912345678', investmentType: 'Donate' },
        });
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('reports the answers that are not mobile numbers and leaves them as typed', async () => {
    const target = await freshTarget(kind);
    try {
      const first = await target.open();
      const ids = await seedOldDocuments(first, { profile: '12345', project: 'call the office', offer: '01912345678', altPhone: '0171234' });
      await first.close();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const second = await target.open();
      try {
        expect(second.applied).toEqual([STEP]);
        const docs = await documents(second, ids);
        expect(docs.owner).toEqual({ name: 'Owner', phone: '12345', altPhone: '0171234' });
        expect(docs.project).toMatchObject({ phone: 'call the office' });
        expect(docs.offer).toMatchObject({ phone: '+8801912345678' });
        expect(warn).toHaveBeenCalledTimes(1);
        const report = String(warn.mock.calls[0]![0]);
        expect(report).toContain('not valid mobile numbers (read in BD) and were left as typed');
        expect(report).toContain('profile of owner@example.com, field phone: "12345"');
        expect(report).toContain('profile of owner@example.com, field altPhone: "0171234"');
        expect(report).toContain(`project ${ids.project} (Rooftop farms), field phone: "call the office"`);
        expect(report).not.toContain('offer');
        expect(report).not.toContain('investor@example.com');
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('reads a number without a country code in DEFAULT_PHONE_REGION', async () => {
    const target = await freshTarget(kind);
    try {
      const first = await target.open('IN');
      const ids = await seedOldDocuments(first, { profile: '98765 43210', project: '+8801812345678', offer: '09876543210' });
      await first.close();
      vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the BD-style numbers of the fixture are not Indian
      const second = await target.open('IN');
      try {
        const docs = await documents(second, ids);
        expect(docs.owner).toMatchObject({ phone: '+919876543210' });
        expect(docs.project).toMatchObject({ phone: '+8801812345678' });
        expect(docs.offer).toMatchObject({ phone: '+919876543210' });
      } finally {
        await second.close();
      }
    } finally {
      await target.drop();
    }
  });
});
