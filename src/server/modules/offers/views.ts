/**
 * What each viewer is sent of an investment offer (an investor card). Which fields of the stored invest form each
 * audience sees is the `x-visibility` of each field in the version the offer was made with: signed-in people see the
 * "public" ones (name, city, amount, terms); the contact details ("contact": phone, e-mail, and any field staff mark
 * so later) only the investor, staff, and a project owner the investor answered — with an agreement request to the
 * project of that owner's Request For Invest, sent after it, or by sharing them on that invitation. Nobody else is
 * sent them: they are not hidden by the browser, they are left out of the answer.
 */
import type { JsonSchema } from '../../../shared/forms/catalog';
import type { OfferContactField, OfferView } from '../../../shared/api/views';
import { fieldsMarked, visibleData, type Visibility } from '../../../shared/forms/visibility';
import type { OfferRow } from './queries';

export type ContactSource = NonNullable<OfferView['contactSource']>;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

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

export interface ViewContext {
  schema: JsonSchema;
  viewerId: string;
  contactSource: ContactSource | null;
  projectTitle: string | null;
  investorOpenOffers: number;
}

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
