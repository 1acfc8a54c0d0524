/**
 * Option sources for the autocomplete widget, chosen by `ui:options.source` in a ui-schema. Each list is its own
 * chunk, loaded the first time a field asks for it. Product staff add a source by adding a JSON list here.
 */
const lists = import.meta.glob<string[]>('./*.json', { import: 'default' });

/** The names of the available sources (`countries`, `cities`, `regions`). */
export const SOURCE_NAMES = Object.keys(lists).map((k) => k.slice(2, -5));

/** Loads a source's list of options; unknown sources reject. */
export async function loadSource(name: string): Promise<string[]> {
  const load = lists[`./${name}.json`];
  if (!load) throw new Error(`unknown option source "${name}"`);
  return load();
}

/**
 * The best `limit` matches of `query` in `options`: names starting with the query first, then names containing it,
 * case- and accent-insensitively. An empty query gives the first `limit` options.
 */
export function matchOptions(options: readonly string[], query: string, limit = 10): string[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const q = fold(query.trim());
  if (q === '') return options.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const option of options) {
    const f = fold(option);
    if (f.startsWith(q)) starts.push(option);
    else if (f.includes(q)) contains.push(option);
  }
  return [...starts, ...contains].slice(0, limit);
}
