/**
 * The two URI operations @rjsf/utils asks of `fast-uri` (resolving a `$ref` against a base, and comparing two ids),
 * on the browser's own URL parser: the page's build puts this module in fast-uri's place for @rjsf/utils (see
 * vite.config.ts), which saves every form 8 kB of compressed code. RJSF calls them only for draft 2020-12 schemas
 * with relative or embedded `$id`s; tests/client/uri-resolver.test.ts holds it to fast-uri's answers.
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The text without its fragment. */
function withoutFragment(text: string): string {
  const i = text.indexOf('#');
  return i === -1 ? text : text.slice(0, i);
}

/** The reference resolved against the base (RFC 3986 §5.2), as fast-uri's `resolve` answers it. */
export function resolve(base: string, ref: string): string {
  if (SCHEME.test(ref)) return normalize(ref);
  if (SCHEME.test(base)) {
    try {
      return keepBareAuthority(base, new URL(ref, base).href);
    } catch {
      // An opaque base (urn:…) takes only a fragment.
      return ref.startsWith('#') ? withoutFragment(base) + ref : ref;
    }
  }
  // A relative base (an `$id` such as "profile"): resolve against a placeholder origin, then take it off again.
  const PLACEHOLDER = 'http://relative.invalid/';
  if (ref === '') return withoutFragment(base);
  if (ref.startsWith('#')) return withoutFragment(base) + ref;
  try {
    const resolved = new URL(ref, new URL(base, PLACEHOLDER)).href;
    if (resolved.startsWith(PLACEHOLDER)) return (base.startsWith('/') ? '/' : '') + resolved.slice(PLACEHOLDER.length);
    return resolved;
  } catch {
    return ref;
  }
}

/** The URL parser adds a "/" path to "http://host": fast-uri keeps it as written when the reference only adds a fragment. */
function keepBareAuthority(base: string, resolved: string): string {
  const bare = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+$/i.exec(withoutFragment(base));
  if (bare && resolved.startsWith(`${withoutFragment(base).toLowerCase()}/#`)) return withoutFragment(base) + resolved.slice(resolved.indexOf('#'));
  return resolved;
}

function normalize(uri: string): string {
  if (!SCHEME.test(uri)) return uri;
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** Whether two URIs name the same resource once normalised (scheme and host case, default port, dot segments). */
export function equal(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  return normalize(a) === normalize(b) || normalize(a).replace(/\/$/, '') === normalize(b).replace(/\/$/, '');
}

export default { resolve, equal };
