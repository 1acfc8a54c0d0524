/**
 * The National ID number wherever it is asked (identity verification, the project owner form), on PGlite and
 * PostgreSQL: 10, 13 or 17 digits, typed in English or Bengali digits and stored in English ones, anything else
 * refused with the schema's message and nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../helpers';
import { api, fixture, makeStaff, projectForm, verifiedOwner, type Person } from '../market-helpers';
import { signUpVerified } from '../helpers';

const MESSAGE = 'Enter the 10, 13 or 17 digits of your National ID number, without spaces or dashes';

describe.each(DB_KINDS)('National ID numbers on %s', (kind) => {
  let t: TestApp;
  let staff: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await makeStaff(t.app);
  });
  afterAll(() => t?.close());

  it('takes 10, 13 and 17 digits for verification, stores Bengali digits as English ones', async () => {
    const who = await signUpVerified(t.app);
    for (const [typed, stored] of [
      ['1234567890', '1234567890'],
      ['১৯৯০১২৩৪৫৬৭৮৯', '1990123456789'],
      ['1990১২৩৪৫৬৭৮৯০১২৩', '19901234567890123'],
    ]) {
      const res = await api(t.app, 'PUT', '/profile/verification', who, { ...fixture('verification'), nid: typed });
      expect(res.status, typed).toBe(200);
      expect(res.body.data.nid).toBe(stored);
      expect((await api(t.app, 'GET', '/profile/verification', who)).body.data.nid).toBe(stored);
    }
    // Staff see it the same way in their queue.
    const queue = await api(t.app, 'GET', '/staff/verifications', staff);
    expect((queue.body.items as { email: string; nid: string }[]).find((i) => i.email === who.email)?.nid).toBe('19901234567890123');
  });

  it('refuses any other National ID number with the schema message, storing nothing', async () => {
    const who = await signUpVerified(t.app);
    for (const typed of ['123456789', '12345678901', '1990 1234 56789', '1990-123456789', 'ABC1234567', '১২৩৪৫', '123456789012345678']) {
      const res = await api(t.app, 'PUT', '/profile/verification', who, { ...fixture('verification'), nid: typed });
      expect(res.status, typed).toBe(400);
      expect(res.body.errors, typed).toEqual([{ path: '/nid', message: MESSAGE }]);
    }
    expect((await api(t.app, 'GET', '/profile/verification', who)).body).toMatchObject({ status: 'not submitted', data: null });
  });

  it('applies the same rule to the project owner form, and stores its Bengali digits as English ones', async () => {
    const owner = await verifiedOwner(t.app, staff);
    const refused = await api(t.app, 'POST', '/projects', owner, projectForm({ nid: 'not a number' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: '/nid', message: MESSAGE }]);
    const created = await api(t.app, 'POST', '/projects', owner, projectForm({ nid: '১৯৯০১২৩৪৫৬৭৮৯' }));
    expect(created.status).toBe(201);
    const mine = await api(t.app, 'GET', `/projects/${created.body.id}`, owner);
    expect(mine.body.details.nid).toBe('1990123456789');
  });
});
