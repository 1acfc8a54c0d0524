/**
 * Statements for the Bangladesh income year (issue 30 §2): the years a person has movements of money in, and one
 * year's statement as JSON, CSV or PDF, streamed from the database a page at a time (produce.ts). A person reads
 * their own; staff can produce anyone's, and each time they do it is written to the audit log. The one file other
 * modules import.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { badRequest, notFound } from '../../errors';
import { audit } from '../../audit';
import { isIncomeYear } from '../../../shared/domain/income-year';
import { statementFileName, type StatementPerson, type StatementYear } from '../../../shared/api/statements';
import type { Language } from '../../../shared/i18n/language';
import { party } from '../agreements/service';
import { accountOf } from './queries/person';
import { yearsWithActivity } from './queries/sources';
import { statementYear } from './years';
import { produceStatement, type StatementWriter } from './produce';
import { jsonWriter } from './json';
import { csvWriter } from './csv';
import { pdfWriter } from './pdf';
import { personView } from './views';

export type StatementFormat = 'json' | 'csv' | 'pdf';

const FORMATS: Record<StatementFormat, { type: string; writer: (out: PassThrough, language: Language) => StatementWriter }> = {
  json: { type: 'application/json; charset=utf-8', writer: jsonWriter },
  csv: { type: 'text/csv; charset=utf-8', writer: csvWriter },
  pdf: { type: 'application/pdf', writer: pdfWriter },
};

/** A statement on its way: its content type, its file name (a download; none for JSON), and the stream of its bytes. */
export interface StatementFile {
  type: string;
  fileName: string | null;
  body: PassThrough;
}

/** The year from the address, or a 400 that says how to write one. */
function checkedYear(text: string): string {
  const shown = text.slice(0, 20);
  if (isIncomeYear(text)) return text;
  throw badRequest(`"${shown}" is not an income year. Name one by its two calendar years, like 2026-27 (1 July 2026 to 30 June 2027).`);
}

/** Whom a statement is of: their name, e-mail and verified identity (masked); null when there is no such person. */
export async function statementPerson(db: Kysely<DB>, personId: string): Promise<StatementPerson | null> {
  const account = await accountOf(db, personId);
  if (!account) return null;
  return personView(account, await party(db, account.id, null));
}

/** A person for staff, or 404. */
async function person(db: Kysely<DB>, id: string): Promise<StatementPerson> {
  const found = await statementPerson(db, id);
  if (!found) throw notFound('This person');
  return found;
}

/**
 * Starts the statement in the format and hands back its stream: the answer starts while its rows are still being
 * read. A PDF is in `language`, its reader's (staff producing someone's statement read it in theirs).
 */
function statementFile(app: FastifyInstance, who: StatementPerson, year: string, format: StatementFormat, language: Language): StatementFile {
  const out = new PassThrough();
  const head = { ...statementYear(year), person: who, producedAt: app.now() };
  void produceStatement({ db: app.db, head, writer: FORMATS[format].writer(out, language), out, pageRows: app.config.statementPageRows });
  return { type: FORMATS[format].type, fileName: format === 'json' ? null : statementFileName(year, format), body: out };
}

/** The income years in which the person moved money, newest first. */
export async function myYears(db: Kysely<DB>, userId: string): Promise<{ items: StatementYear[] }> {
  return { items: await yearsWithActivity(db, userId) };
}

/** The signed-in person's statement of the year named in the address. */
export async function myStatement(app: FastifyInstance, userId: string, yearText: string, format: StatementFormat, language: Language): Promise<StatementFile> {
  const year = checkedYear(yearText);
  const me = (await statementPerson(app.db, userId))!;
  return statementFile(app, me, year, format, language);
}

/** Staff: the income years in which a person moved money, the listing audited. */
export async function yearsForStaff(db: Kysely<DB>, staff: SessionUser, personId: string): Promise<{ items: StatementYear[] }> {
  const who = await person(db, personId);
  await audit(db, { actorId: staff.id, action: 'statement.years', subjectType: 'user', subjectId: who.id, before: null, after: null, note: 'listed the income years of their statements' });
  return { items: await yearsWithActivity(db, who.id) };
}

/** Staff: a person's statement of a year, each one produced written to the audit log. */
export async function statementForStaff(app: FastifyInstance, staff: SessionUser, personId: string, yearText: string, format: StatementFormat, language: Language): Promise<StatementFile> {
  const year = checkedYear(yearText);
  const who = await person(app.db, personId);
  await audit(app.db, { actorId: staff.id, action: 'statement.produce', subjectType: 'user', subjectId: who.id, before: null, after: null, note: `income year ${year} as ${format.toUpperCase()}` });
  return statementFile(app, who, year, format, language);
}
