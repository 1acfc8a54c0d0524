/** Request size limits. */

/** Bodies carrying images (several 5 MB files as base64, plus documents) need room; everything else stays small. */
export const FORM_BODY_LIMIT = 40 * 1024 * 1024;

/** The default body limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
