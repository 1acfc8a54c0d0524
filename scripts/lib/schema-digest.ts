/**
 * A digest of a schema's meaning (its JSON, whitespace aside), written into each precompiled validator's header so
 * a reader can tell, without compiling anything, whether the validator was built from the schema it holds.
 */
import { createHash } from 'node:crypto';

const PREFIX = '// schema-sha256: ';

export function schemaDigest(schema: unknown): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex');
}

/** The header line carrying a digest. */
export function digestHeader(digest: string): string {
  return `${PREFIX}${digest}`;
}

/** The digest a precompiled validator's source declares in its header, if any. */
export function declaredDigest(source: string): string | undefined {
  const start = source.indexOf(PREFIX);
  if (start < 0 || start > 400) return undefined;
  return source.slice(start + PREFIX.length, start + PREFIX.length + 64);
}
