/**
 * The fields of each form that the code reads (routes, views, money arithmetic), with the JSON type the code expects.
 * One place, read by the schema lint (`npm run schemas:check`) and by the form studio's check and publish: a version
 * that removes, renames or retypes one of these is refused. Every other field is free to change in the studio.
 * A field read only inside a branch (then/else) counts as present when any branch declares it.
 */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

export const CODE_FIELDS: Record<string, Record<string, JsonType>> = {
  'project-owner': {
    name: 'string', bname: 'string', category: 'string', country: 'string', askamu: 'number', minInvestment: 'number',
    roi: 'number', reduration: 'integer', return: 'string', returningTime: 'integer', totalDuration: 'integer',
    investType: 'string', fundingModel: 'string', contract: 'string', goods: 'string',
    briefDescrip: 'string', busExViLink: 'string', projectProfileImage: 'string', companyImage: 'string', businessPhoto: 'string',
  },
  invest: {
    investmentType: 'string', businessCategory: 'string', totalAmount: 'number', currency: 'string', duration: 'integer',
    return: 'string', investmentMethod: 'string', documents: 'array',
  },
  'agreement-request': {
    investmentAmount: 'number', investmentType: 'string', investDate: 'string', investorType: 'string', investorName: 'string',
    investorAddress: 'string', documents: 'array',
  },
  'agreement-accept': { documents: 'array' },
  donate: { amount: 'number', paymentMethod: 'string', anonymous: 'boolean' },
  profile: { name: 'string', country: 'string', phone: 'string' },
  'sign-up': { email: 'string', phone: 'string', password: 'string' },
  'sign-in': { email: 'string', password: 'string' },
  'verify-otp': { phone: 'string', otp: 'string' },
  'forgot-password': { email: 'string' },
  'reset-password': { email: 'string', otp: 'string', password: 'string' },
  'change-password': { currentPassword: 'string', password: 'string' },
  'project-review': { decision: 'string', note: 'string', campaignEndDate: 'string' },
  review: { decision: 'string', note: 'string' },
  decline: { reason: 'string' },
  'instalment-paid': { method: 'string', reference: 'string' },
  newsletter: { email: 'string' },
  'charity-receipt': { reference: 'string', note: 'string' },
  refund: { reference: 'string', note: 'string' },
  'charity-disbursement': { recipient: 'string', amount: 'number', paidOn: 'string', reference: 'string', note: 'string' },
};

/** The project form's image fields, cover first: shown above the details (and publicly readable once open). */
export const PROJECT_IMAGE_FIELDS = ['projectProfileImage', 'companyImage', 'businessPhoto'] as const;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The declared types of each top-level field of a form schema, including the fields its branches add. */
export function topLevelFieldTypes(schema: unknown): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const visit = (n: unknown): void => {
    if (!isNode(n)) return;
    if (isNode(n.properties)) {
      for (const [name, child] of Object.entries(n.properties)) {
        const types = out.get(name) ?? new Set<string>();
        if (isNode(child)) {
          const t = child.type;
          for (const x of Array.isArray(t) ? t : t === undefined ? [] : [t]) types.add(String(x));
        }
        out.set(name, types);
      }
    }
    for (const k of ['then', 'else'] as const) visit(n[k]);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach(visit);
  };
  visit(schema);
  return out;
}

/** A code-read field a schema no longer offers as the code expects it. */
export interface ProtectedProblem {
  field: string;
  problem: string;
}

/**
 * The code-read fields of form `formId` that `schema` removes or retypes (a rename is a removal: the code still reads
 * the old name). An integer field may stay integer; a number field accepts "integer" or "number".
 */
export function protectedFieldProblems(formId: string, schema: unknown): ProtectedProblem[] {
  const expected = CODE_FIELDS[formId] ?? {};
  const found = topLevelFieldTypes(schema);
  const problems: ProtectedProblem[] = [];
  for (const [field, type] of Object.entries(expected)) {
    const types = found.get(field);
    if (!types) {
      problems.push({ field, problem: `the code reads "${field}" (${type}); it cannot be removed or renamed` });
      continue;
    }
    const ok = types.size === 0 || [...types].every((t) => t === type || (type === 'number' && t === 'integer'));
    if (!ok) {
      problems.push({ field, problem: `the code reads "${field}" as ${type}; it cannot become ${[...types].join(' or ')}` });
    }
  }
  return problems;
}
