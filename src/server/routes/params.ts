/**
 * Schema pieces the routes share: an id in the path (`/…/:id`, a UUID; anything else is a JSON 404 before a query).
 */
export const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;
