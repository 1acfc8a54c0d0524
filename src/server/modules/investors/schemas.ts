/** The investor limits' answer schemas: what a person may still request, and a person's limits as staff see them. */
import { boolean, moneyOrNull, money, object, orNull } from '../../routes/schemas';

const limitSchema = object({ limit: money, used: money, left: money });

/** The schema of limitsView's answer. */
export const limitsSchema = object({ qualified: boolean, perProject: orNull(limitSchema), perYear: orNull(limitSchema), left: moneyOrNull });

/** The schema of personLimitsView's answer. */
export const personLimitsSchema = object({ qualified: boolean, perProject: moneyOrNull, perYear: orNull(limitSchema) });

/** The query of `GET /me/limits`: the project the request would be in. */
export const limitsQuery = { type: 'object', properties: { projectId: { type: 'string', format: 'uuid' } }, required: ['projectId'], additionalProperties: false } as const;
