/**
 * The state of one form in the studio: the published version, my draft (schema, ui-schema and sample cases as
 * text), its autosave (a debounced PUT once the texts are JSON), the server's check of it (debounced POST /check:
 * lint, protected fields, each case's messages), and who else has a draft.
 */
import type { Words } from '../../lib/words';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import {
  checkDraft,
  deleteDraft,
  getDraft,
  getPublishedForm,
  saveDraft,
  type CheckResult,
  type Draft,
  type PublishedForm,
  type SampleCase,
} from '../../lib/forms-api';
import type { FormTranslations } from '../../../shared/i18n/form-words';

/** Other staff's drafts of the form, as a draft's answer (or its 404) names them. */
type OtherDrafts = NonNullable<Draft['others']>;

export interface CaseText {
  key: number;
  name: string;
  text: string;
}

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | ({ kind: 'invalid' } & NotJson) | { kind: 'failed'; message: string };

/** Which part of the draft is not JSON yet (a test case by its name), and that said in English. */
export interface NotJson {
  part: 'schema' | 'ui' | 'case';
  caseName?: string;
  message: string;
}

/** What is not JSON yet, in the page's language. */
export function notJsonText(t: Words['t'], p: NotJson): string {
  if (p.part === 'schema') return t('The schema is not valid JSON yet.');
  if (p.part === 'ui') return t('The ui-schema is not valid JSON yet.');
  return t('The data of test case “{name}” is not valid JSON yet.', { name: p.caseName ?? '' });
}

const AUTOSAVE_MS = 1000;
const CHECK_MS = 600;

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

let caseKeys = 0;
const toTexts = (cases: readonly SampleCase[]): CaseText[] => cases.map((c) => ({ key: ++caseKeys, name: c.name, text: pretty(c.data) }));

/** The parsed draft, or which part is not JSON yet. */
type Parsed = { ok: true; schema: unknown; uiSchema: unknown; cases: SampleCase[] } | ({ ok: false } & NotJson);

function parseCases(cases: readonly CaseText[]): { ok: true; value: SampleCase[] } | ({ ok: false } & NotJson) {
  const out: SampleCase[] = [];
  for (const c of cases) {
    const data = parse(c.text);
    if (!data.ok) return { ok: false, part: 'case', caseName: c.name, message: `The data of test case “${c.name}” is not valid JSON yet.` };
    out.push({ name: c.name, data: data.value });
  }
  return { ok: true, value: out };
}

/**
 * The draft parsed; each part is parsed only when its own text changes, so editing a test case keeps the schema
 * object (and the preview made from it) as it is.
 */
function useParsedDraft(schemaText: string, uiText: string, cases: readonly CaseText[]): Parsed {
  const schema = useMemo(() => parse(schemaText), [schemaText]);
  const ui = useMemo(() => parse(uiText), [uiText]);
  const samples = useMemo(() => parseCases(cases), [cases]);
  return useMemo((): Parsed => {
    if (!schema.ok) return { ok: false, part: 'schema', message: 'The schema is not valid JSON yet.' };
    if (!ui.ok) return { ok: false, part: 'ui', message: 'The ui-schema is not valid JSON yet.' };
    if (!samples.ok) return samples;
    return { ok: true, schema: schema.value, uiSchema: ui.value, cases: samples.value };
  }, [schema, ui, samples]);
}

export function useStudioDraft(formId: string) {
  const [published, setPublished] = useState<PublishedForm | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [baseVersion, setBaseVersion] = useState(0);
  const [schemaText, setSchemaText] = useState('');
  const [uiText, setUiText] = useState('');
  const [cases, setCases] = useState<CaseText[]>([]);
  const [translations, setTranslations] = useState<FormTranslations>({});
  const [hasDraft, setHasDraft] = useState(false);
  const [others, setOthers] = useState<OtherDrafts>([]);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [check, setCheck] = useState<CheckResult | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // Only the person's own edits save a draft: opening a form creates none.
  const edited = useRef(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      // The version and my draft at once; without a draft, the 404 still names the others' drafts.
      const [current, answer] = await Promise.all([
        getPublishedForm(formId),
        getDraft(formId).catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 404) return { others: (e.body?.others ?? []) as OtherDrafts };
          throw e;
        }),
      ]);
      const draft = 'schema' in answer ? answer : null;
      edited.current = false;
      setPublished(current);
      setOthers(answer.others ?? []);
      if (draft) {
        setBaseVersion(draft.baseVersion);
        setSchemaText(pretty(draft.schema));
        setUiText(pretty(draft.uiSchema));
        setCases(toTexts(draft.cases));
        // A draft saved before it kept words starts from the published version's.
        setTranslations(draft.translations && Object.keys(draft.translations).length > 0 ? draft.translations : (current.translations ?? {}));
        setHasDraft(true);
        setSave({ kind: 'saved', at: draft.updatedAt });
      } else {
        setBaseVersion(current.version);
        setSchemaText(pretty(current.schema));
        setUiText(pretty(current.uiSchema));
        setCases([]);
        setTranslations(current.translations ?? {});
        setHasDraft(false);
        setSave({ kind: 'idle' });
      }
    } catch (e) {
      setLoadError(e instanceof ApiError ? e : new ApiError(0, String(e)));
    }
  }, [formId]);

  useEffect(() => {
    void load();
  }, [load, tick]);

  const parsed = useParsedDraft(schemaText, uiText, cases);

  // Autosave.
  useEffect(() => {
    if (!edited.current || !published) return;
    if (!parsed.ok) {
      setSave({ kind: 'invalid', part: parsed.part, caseName: parsed.caseName, message: parsed.message });
      return;
    }
    const timer = setTimeout(() => {
      setSave({ kind: 'saving' });
      saveDraft(formId, { baseVersion, schema: parsed.schema, uiSchema: parsed.uiSchema, cases: parsed.cases, translations }).then(
        (d) => {
          setHasDraft(true);
          setSave({ kind: 'saved', at: d.updatedAt });
        },
        (e: unknown) => setSave({ kind: 'failed', message: e instanceof ApiError ? e.message : String(e) }),
      );
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [parsed, translations, baseVersion, formId, published]);

  // The server's check of the current texts; an answer about older texts is dropped.
  const checkSeq = useRef(0);
  const runCheck = useCallback(() => {
    if (!parsed.ok) return;
    const seq = ++checkSeq.current;
    checkDraft(formId, { schema: parsed.schema, uiSchema: parsed.uiSchema, cases: parsed.cases }).then(
      (r) => {
        if (seq !== checkSeq.current) return;
        setCheck(r);
        setCheckError(null);
      },
      (e: unknown) => {
        if (seq !== checkSeq.current) return;
        setCheckError(e instanceof ApiError ? e.message : String(e));
      },
    );
  }, [parsed, formId]);

  useEffect(() => {
    if (!published || !parsed.ok) return;
    const timer = setTimeout(runCheck, CHECK_MS);
    return () => clearTimeout(timer);
  }, [runCheck, published, parsed]);

  const edit = useCallback(<T,>(setter: (v: T) => void) => (v: T) => {
    edited.current = true;
    setter(v);
  }, []);

  return {
    published,
    loadError,
    reload: () => setTick((t) => t + 1),
    baseVersion,
    /** Moves my draft onto the version published now (after a refusal as stale): my texts stay. */
    rebase: async () => {
      const current = await getPublishedForm(formId);
      edited.current = true;
      setPublished(current);
      setBaseVersion(current.version);
    },
    schemaText,
    setSchemaText: edit(setSchemaText),
    uiText,
    setUiText: edit(setUiText),
    cases,
    setCases: edit(setCases),
    /** The draft's words in other languages; saved with it and sent with Publish. */
    translations,
    setTranslations: edit(setTranslations),
    newCase: (name: string, data: unknown = {}): CaseText => ({ key: ++caseKeys, name, text: pretty(data) }),
    parsed,
    hasDraft,
    others,
    save,
    check,
    checkError,
    /** Throws my draft away and shows the published version again. */
    discard: async () => {
      await deleteDraft(formId).catch((e: unknown) => {
        if (!(e instanceof ApiError && e.status === 404)) throw e;
      });
      setTick((t) => t + 1);
    },
  };
}
