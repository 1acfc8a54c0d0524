/**
 * A form screen's starting data: drawn from the URL at the first render (a screen that starts from it), else its
 * loaded record, prefills from state, query, account and profile, and the saved draft, loaded once per screen, edit
 * target and restart (`formKey`).
 */
import { useEffect, useState } from 'react';
import { startsFromUrl, type Screen } from '../../config';
import { api, ApiError } from '../../lib/api';
import { fillPath, MissingParameterError, prefillRefs, readFirst, type TemplateSources } from '../../lib/template';
import type { Draft } from './use-draft';

type Data = Record<string, unknown>;

function pick(answer: unknown, path: string | undefined): unknown {
  if (!path) return answer;
  return path.split('.').reduce<unknown>((node, key) => (node as Data | null | undefined)?.[key], answer);
}

/**
 * The saved profile and verification, loaded only when the screen prefills from them. A user without either simply
 * gets no prefill from it (a 404 or an empty answer is not an error for the form).
 */
async function profileSources(prefill: Screen['prefill']): Promise<Pick<TemplateSources, 'profile' | 'verification'>> {
  const refs = prefillRefs(prefill);
  const wants = (source: string) => refs.some((r) => r.startsWith(`${source}.`));
  const [profile, verification] = await Promise.all([
    wants('profile') ? api.get('/profile').then((a) => a.profile, () => null) : null,
    wants('verification') ? api.get('/profile/verification').then((a) => a.data ?? null, () => null) : null,
  ]);
  return { profile, verification };
}

/**
 * The starting data of a screen that starts from its URL (see `startsFromUrl`), worked out at the first render;
 * `missing` when the URL lacks a parameter the submit path needs.
 */
function startFromUrl(screen: Screen, sources: TemplateSources): Data | 'missing' {
  try {
    fillPath(screen.submit!.path, sources);
  } catch (err) {
    if (err instanceof MissingParameterError) return 'missing';
  }
  const data: Data = {};
  for (const [field, refs] of Object.entries(screen.prefill ?? {})) {
    const value = readFirst(refs, sources);
    if (value !== undefined) data[field] = value;
  }
  return data;
}

interface StartOptions {
  screen: Screen;
  /** The record being edited (the screen's `edit` parameter), or null. */
  editParam: string | null;
  sources: TemplateSources;
  draft: Draft;
  /** Restarts (a retry, "Start over") load anew. */
  formKey: number;
  /** Called with the data once loaded (not for the data drawn from the URL). */
  onLoaded: (data: Data) => void;
}

/**
 * The screen's starting data (`initial`, null while it loads), `loadError` when it could not be loaded, and `missing`
 * when the URL lacks a parameter the submit path needs. `fromUrl`: the screen starts from its URL.
 */
export function useStartData({ screen, editParam, sources, draft, formKey, onLoaded }: StartOptions) {
  const load = editParam ? screen.edit!.load : screen.load;
  const submit = editParam ? screen.edit!.submit : screen.submit!;
  // A screen that starts from its URL is drawn at once, on the server too (a signed-out visitor's sign-in or
  // sign-up page arrives as HTML); the others load their record, prefill or draft first.
  const fromUrl = !editParam && startsFromUrl(screen);
  const [urlStart] = useState(() => (fromUrl ? startFromUrl(screen, sources) : null));
  const [initial, setInitial] = useState<Data | null>(urlStart === 'missing' ? null : urlStart);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [missing, setMissing] = useState(urlStart === 'missing');

  // Starting data: loaded record, prefills from state/query/account, or the saved draft.
  useEffect(() => {
    // Drawn from the URL at the first render: nothing to load.
    if (fromUrl && formKey === 0) return;
    let live = true;
    setInitial(null);
    setLoadError(null);
    (async () => {
      try {
        fillPath(submit.path, sources);
      } catch (err) {
        if (err instanceof MissingParameterError) {
          setMissing(true);
          return;
        }
      }
      let data: Data = {};
      if (load) {
        const answer = await api.get(fillPath(load.path, sources));
        // A record not there yet (`data: null`: nothing submitted) starts an empty form, not one filled with the
        // answer's other keys.
        const picked = pick(answer, load.pick) ?? (load.fallback ? pick(answer, load.fallback) : undefined);
        data = { ...((picked as Data | null) ?? {}) };
        if (load.only) data = Object.fromEntries(Object.entries(data).filter(([k]) => load.only!.includes(k)));
      }
      // A record being edited keeps its own values; a new one starts from what the person already gave.
      const prefill = editParam ? undefined : screen.prefill;
      const withProfile = { ...sources, ...(await profileSources(prefill)) };
      for (const [field, refs] of Object.entries(prefill ?? {})) {
        const value = readFirst(refs, withProfile);
        if (value !== undefined) data[field] = value;
      }
      const saved = await draft.restore();
      if (saved) data = { ...data, ...saved };
      if (live) {
        setInitial(data);
        onLoaded(data);
      }
    })().catch((err: unknown) => {
      if (live) setLoadError(err instanceof ApiError ? err.message : 'The form could not be loaded.');
    });
    return () => {
      live = false;
    };
    // Load once per screen, edit target and restart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen.id, editParam, formKey]);

  return { fromUrl, initial, loadError, missing };
}
