/**
 * A short-lived cache of public list pages as sent (JSON text), for anonymous readers: the same page is built once
 * per LIST_CACHE_MS however many people ask for it meanwhile (one build in flight per page; the others wait for it).
 * Any write answered by this process (a request that is not GET/HEAD/OPTIONS) empties it, so whoever changes
 * something sees it at once here; changes made by another process or a scheduled job show within LIST_CACHE_MS.
 * A page is kept with what decides whether a signed-in reader may be served it (routes/projects.ts: the owners of
 * its projects, whose page says which are theirs).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

const LIST_CACHE_MS = 2_000;
const MAX_PAGES = 1_000;

export interface ListCache {
  /** The page for `key`: fresh from the cache, or built by `build` (once, even for concurrent callers). */
  get<T>(key: string, build: () => Promise<T>): Promise<T>;
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    listCache: ListCache;
  }
}

function createListCache(ttlMs = LIST_CACHE_MS, now: () => number = Date.now): ListCache {
  const pages = new Map<string, { at: number; text: Promise<unknown> }>();
  let generation = 0;
  return {
    get(key, build) {
      const hit = pages.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.text as Promise<never>;
      const started = generation;
      const text = build();
      // A page built across a write may hold what the write changed: it is answered but not kept.
      const entry = { at: now(), text };
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, entry);
      text.then(
        () => {
          if (generation !== started && pages.get(key) === entry) pages.delete(key);
        },
        () => {
          if (pages.get(key) === entry) pages.delete(key);
        },
      );
      return text;
    },
    clear() {
      generation++;
      pages.clear();
    },
  };
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

async function listCachePlugin(app: FastifyInstance): Promise<void> {
  const cache = createListCache();
  app.decorate('listCache', cache);
  app.addHook('onResponse', async (request) => {
    if (!SAFE.has(request.method)) cache.clear();
  });
}

export default fp(listCachePlugin, { name: 'list-cache' });
