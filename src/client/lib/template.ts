/** Fills `{query.x}`, `{state.x}`, `{response.x}`, `{data.x}` placeholders of config paths. */

export interface TemplateSources {
  query?: URLSearchParams;
  state?: Record<string, unknown> | null;
  response?: Record<string, unknown> | null;
  data?: Record<string, unknown> | null;
  user?: Record<string, unknown> | null;
  /** The signed-in user's saved profile form (GET /profile → profile). */
  profile?: Record<string, unknown> | null;
  /** The user's current identity verification form (GET /profile/verification → data). */
  verification?: Record<string, unknown> | null;
}

/** Reads `source.key` (e.g. `state.phone`) from the sources; undefined when absent. */
export function readSource(ref: string, sources: TemplateSources): unknown {
  const [source, ...rest] = ref.split('.');
  const key = rest.join('.');
  switch (source) {
    case 'query':
      return sources.query?.get(key) ?? undefined;
    case 'state':
      return sources.state?.[key];
    case 'response':
      return key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], sources.response);
    case 'data':
      return sources.data?.[key];
    case 'user':
      return sources.user?.[key];
    case 'profile':
      return sources.profile?.[key];
    case 'verification':
      return sources.verification?.[key];
    default:
      return undefined;
  }
}

/** The first of one or several refs (a screen's `prefill` value) that has a value: not absent, null or empty. */
export function readFirst(refs: string | readonly string[] | undefined, sources: TemplateSources): unknown {
  for (const ref of typeof refs === 'string' ? [refs] : (refs ?? [])) {
    const value = readSource(ref, sources);
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** Every ref of a screen's `prefill` (its values are one ref or a list of them). */
export function prefillRefs(prefill: Record<string, string | readonly string[] | undefined> | undefined): string[] {
  return Object.values(prefill ?? {}).flatMap((r) => (r === undefined ? [] : typeof r === 'string' ? [r] : [...r]));
}

const ABSENT = '~absent~';
const ABSENT_PAIR = /[?&][^?&=]+=~absent~/g;

/** A missing required placeholder: the page was opened without what it needs (e.g. no ?project=). */
export class MissingParameterError extends Error {}

/**
 * Fills a path. `{query.project?}` is optional: when absent, its `name=` query pair is dropped. A required value that
 * is absent throws `MissingParameterError`.
 */
export function fillPath(template: string, sources: TemplateSources): string {
  const filled = template.replace(/\{([a-z]+\.[A-Za-z_.]+)(\?)?\}/g, (_m, ref: string, optional?: string) => {
    const value = readSource(ref, sources);
    if (value === undefined || value === null || value === '') {
      if (optional) return ABSENT;
      throw new MissingParameterError(ref);
    }
    return encodeURIComponent(String(value));
  });
  // Drop query pairs whose optional value was absent, and a dangling ? or &.
  return filled.split(ABSENT_PAIR).join('').replace(/^([^?]*)&/, '$1?').replace(/\?$/, '');
}
