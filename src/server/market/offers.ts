/**
 * What each viewer is sent of an investment offer (an investor card). Which fields of the stored invest form each
 * audience sees is the `x-visibility` of each field in the version the offer was made with: signed-in people see the
 * "public" ones (name, city, amount, terms); the contact details ("contact": phone, e-mail, and any field staff mark
 * so later) only the investor, staff, and a project owner the investor answered — with an agreement request to the
 * project of that owner's Request For Invest, sent after it, or by sharing them on that invitation. Nobody else is
 * sent them: they are not hidden by the browser, they are left out of the answer.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, OffersTable } from '../db/schema';
import type { SessionUser } from '../plugins/auth';
import type { FormRegistry } from '../forms/registry';
import type { JsonSchema } from '../../shared/forms/catalog';
import type { OfferContactField, OfferView } from '../../shared/api/views';
import { fieldsMarked, hasVisibilityMarks, visibleData, type Visibility } from '../../shared/forms/visibility';
import { PUBLIC_STATUSES } from '../modules/projects/service';
import { boolean, dateTime, integer, integerOrNull, object, string, stringOrNull, uuid, uuidOrNull } from '../routes/schemas';

export type OfferRow = Selectable<OffersTable>;
type ContactSource = NonNullable<OfferView['contactSource']>;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The schema whose marks apply to an offer: its version's, or, for a version published before the invest form
 * carried marks, the form's file (so an old offer's phone is not shown because its version never said otherwise).
 */
async function marksSchema(forms: FormRegistry, version: number): Promise<JsonSchema> {
  const schema = await forms.schemaOf('invest', version);
  return hasVisibilityMarks(schema) ? schema : (forms.fileSchema('invest') ?? schema);
}

/** A top-level field's own schema node (the first place that declares it, branches included). */
function fieldNode(schema: unknown, name: string): Node | undefined {
  if (!isNode(schema)) return undefined;
  const here = isNode(schema.properties) ? schema.properties[name] : undefined;
  if (isNode(here) && (here.title !== undefined || here.format !== undefined)) return here;
  for (const k of ['then', 'else'] as const) {
    const found = fieldNode(schema[k], name);
    if (found) return found;
  }
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []) {
      const found = fieldNode(branch, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** The contact fields of stored data, labelled by the schema and said how to use (call, write). */
function contactFields(data: Record<string, unknown>, schema: JsonSchema): OfferContactField[] {
  return fieldsMarked(schema, 'contact', 'invest').flatMap((field) => {
    const value = data[field];
    if (typeof value !== 'string' || value.trim() === '') return [];
    const node = fieldNode(schema, field);
    const format = node?.format;
    const kind = format === 'phone' ? 'phone' : format === 'email' ? 'email' : 'text';
    return [{ field, label: typeof node?.title === 'string' ? node.title : field, kind, value } satisfies OfferContactField];
  });
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

interface ViewContext {
  schema: JsonSchema;
  viewerId: string;
  contactSource: ContactSource | null;
  projectTitle: string | null;
  investorOpenOffers: number;
}

/** The schema of offerView's answer. */
export const offerSchema = object({
  id: uuid,
  status: { type: 'string', enum: ['open', 'withdrawn'] },
  kind: { type: 'string', enum: ['Donate', 'Investment'] },
  name: string,
  city: string,
  businessCategory: stringOrNull,
  amount: { ...stringOrNull, description: 'Taka as a decimal string.' },
  currency: stringOrNull,
  durationMonths: integerOrNull,
  returnType: { type: ['string', 'null'], enum: ['On-time', 'Recurring', null] },
  returningTime: integerOrNull,
  totalDuration: integerOrNull,
  investmentMethod: stringOrNull,
  securityPolicy: stringOrNull,
  projectId: uuidOrNull,
  projectTitle: stringOrNull,
  formVersion: integer,
  createdAt: dateTime,
  mine: boolean,
  investorOpenOffers: integer,
  contact: {
    type: ['array', 'null'],
    items: object({ field: string, label: string, kind: { type: 'string', enum: ['phone', 'email', 'text'] }, value: string }),
    description: 'Only for the investor, staff, and a project owner the investor answered or shared them with; else null.',
  },
  contactSource: { type: ['string', 'null'], enum: ['mine', 'staff', 'answered', 'shared', null] },
});

/** One card from its row and what the viewer may see of it. */
export function offerView(row: OfferRow, c: ViewContext): OfferView {
  const audience: Visibility = c.contactSource === 'staff' ? 'staff' : c.contactSource === 'mine' ? 'owner' : c.contactSource ? 'contact' : 'public';
  const d = visibleData(row.data as Record<string, unknown>, c.schema, audience, 'invest');
  const returnType = d.return === 'On-time' || d.return === 'Recurring' ? d.return : null;
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    name: text(d.name) ?? '',
    city: text(d.location) ?? '',
    businessCategory: row.business_category,
    amount: row.amount,
    currency: row.currency,
    durationMonths: whole(d.duration),
    returnType,
    returningTime: whole(d.returningTime),
    totalDuration: whole(d.totalDuration),
    investmentMethod: text(d.investmentMethod),
    securityPolicy: text(d.securityPolicy),
    projectId: row.project_id,
    projectTitle: c.projectTitle,
    formVersion: row.form_version,
    createdAt: row.created_at.toISOString(),
    mine: row.investor_id === c.viewerId,
    investorOpenOffers: c.investorOpenOffers,
    contact: c.contactSource ? contactFields(d, c.schema) : null,
    contactSource: c.contactSource,
  };
}

/**
 * Whether an invitation (aliased `i`) was answered: its investor sent an agreement request to its project after it
 * arrived (on the index of a project's requests). The owner who sent it then sees the offer's contact details.
 */
export const answeredInvitation = sql<boolean>`EXISTS (
  SELECT 1 FROM agreement_requests a WHERE a.project_id = i.project_id AND a.investor_id = i.investor_id AND a.created_at >= i.created_at)`;

/**
 * The offers a project owner may see the contact details of, among `offerIds`: those whose investor answered a
 * Request For Invest of theirs or shared them on it.
 */
async function answeredFor(db: Kysely<DB>, ownerId: string, offerIds: string[]): Promise<Map<string, ContactSource>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invitations as i')
    .select(['i.offer_id', 'i.contact_shared_at'])
    .select(answeredInvitation.as('answered'))
    .where('i.owner_id', '=', ownerId)
    .where('i.offer_id', 'in', offerIds)
    .execute();
  const out = new Map<string, ContactSource>();
  for (const r of rows) {
    if (r.contact_shared_at) out.set(r.offer_id, 'shared');
    else if (r.answered && !out.has(r.offer_id)) out.set(r.offer_id, 'answered');
  }
  return out;
}

/**
 * The cards of several offers for one viewer. Besides the rows: the schemas of their versions (from the registry's
 * memory once warm), and one read each for whose contact details the viewer may see, the linked projects' titles
 * and each investor's number of open offers (all on indexes, for the page's rows only).
 */
export async function offerViews(db: Kysely<DB>, forms: FormRegistry, rows: OfferRow[], viewer: SessionUser): Promise<OfferView[]> {
  if (rows.length === 0) return [];
  const schemas = new Map<number, JsonSchema>();
  for (const v of new Set(rows.map((r) => r.form_version))) schemas.set(v, await marksSchema(forms, v));
  const others = rows.filter((r) => r.investor_id !== viewer.id).map((r) => r.id);
  const answered = viewer.isStaff ? new Map<string, ContactSource>() : await answeredFor(db, viewer.id, others);
  const projectIds = [...new Set(rows.map((r) => r.project_id).filter((id): id is string => id !== null))];
  const titles = new Map(
    projectIds.length === 0
      ? []
      : (await db.selectFrom('projects').select(['id', 'title']).where('id', 'in', projectIds).where('status', 'in', PUBLIC_STATUSES).execute()).map((p) => [p.id, p.title]),
  );
  const investorIds = [...new Set(rows.map((r) => r.investor_id))];
  const openCounts = new Map(
    (
      await db
        .selectFrom('offers')
        .select(['investor_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('investor_id', 'in', investorIds)
        .where('status', '=', 'open')
        .groupBy('investor_id')
        .execute()
    ).map((r) => [r.investor_id, Number(r.n)]),
  );
  return rows.map((row) => {
    const contactSource: ContactSource | null = row.investor_id === viewer.id ? 'mine' : viewer.isStaff ? 'staff' : (answered.get(row.id) ?? null);
    return offerView(row, {
      schema: schemas.get(row.form_version)!,
      viewerId: viewer.id,
      contactSource,
      projectTitle: row.project_id ? (titles.get(row.project_id) ?? null) : null,
      investorOpenOffers: openCounts.get(row.investor_id) ?? 0,
    });
  });
}
