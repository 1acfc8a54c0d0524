// @vitest-environment jsdom
/**
 * The form studio against a mocked forms API: the list of forms, and one form's editor — autosave of edits only,
 * the server's lint shown before publishing, refusals (lint, stale draft) with what to do, others' drafts, the live
 * preview of the draft, test cases with the server's answers, and rolling back through the version history.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { EditorView } from '@codemirror/view';
import FormsListPage from '../../src/client/features/studio/FormsListPage';
import FormStudioPage from '../../src/client/features/studio/FormStudioPage';
import { ToastProvider } from '../../src/client/components/Toast';
import { api, ApiError } from '../../src/client/lib/api';
import { loadSchemas, loadTranslations, loadUiSchemas } from '../../src/shared/forms/load-schemas';

beforeAll(() => {
  // jsdom has no layout: CodeMirror measures text with these.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const invest = loadSchemas().invest as Record<string, unknown>;
// The real ui-schema: its ui:order lists today's fields and has no `*`, so a field added in the draft is not in it.
const ui = loadUiSchemas().invest as Record<string, unknown>;
// The published words, and the Bengali of the field the tests add (so only what a test leaves out is missing).
const words: { bn: Record<string, string> } = { bn: { ...loadTranslations().invest!.bn, 'Referral code': 'রেফারেল কোড' } };

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** A fake forms API for the invest form: version 2 published; answers as the contract says. */
function fakeApi(opts: { draft?: Record<string, unknown>; lint?: { in: string; path: string; message: string }[]; publish?: (body: Record<string, unknown>) => unknown } = {}) {
  const calls: Call[] = [];
  let version = 2;
  let draft = opts.draft ?? null;
  const published = { formId: 'invest', version, schema: invest, uiSchema: ui, translations: words, validatorUrl: '/api/v1/forms/invest/validators/2.js' };
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    calls.push({ method: 'GET', path });
    if (path === '/forms')
      return [
        { formId: 'invest', title: 'Invest or donate', version, publishedAt: '2026-11-23T09:00:00Z', publishedBy: 'Nadia Islam', submissions: { 1: 12, 2: 3 }, drafts: [{ author: 'Rafi Ahmed', updatedAt: '2026-11-23T10:00:00Z', baseVersion: 2, mine: false }] },
        { formId: 'donate', title: 'Donate', version: 1, publishedAt: '2026-11-20T09:00:00Z', publishedBy: null, submissions: {}, drafts: [] },
      ] as never;
    if (path === '/forms/invest') return { ...published, version } as never;
    if (path === '/forms/invest/draft') {
      const others = [{ author: 'Rafi Ahmed', updatedAt: '2026-11-23T10:00:00Z', baseVersion: 2 }];
      // As the server answers: a 404 that still names the others' drafts.
      if (!draft) throw new ApiError(404, 'You have no draft of this form.', [], false, undefined, { message: 'You have no draft of this form.', others });
      return { ...draft, others } as never;
    }
    if (path === '/forms/invest/versions')
      return [
        { version: 2, note: 'Shorter messages', publishedBy: 'Nadia Islam', publishedAt: '2026-11-23T09:00:00Z', submissions: 3 },
        { version: 1, note: 'From the files', publishedBy: null, publishedAt: '2026-11-20T09:00:00Z', submissions: 12 },
      ] as never;
    if (path === '/forms/invest/versions/1') return { formId: 'invest', version: 1, schema: { ...invest, title: 'Old title' }, uiSchema: {}, translations: { bn: { 'Old title': 'পুরোনো শিরোনাম' } }, validatorUrl: '/v1.js' } as never;
    throw new ApiError(404, `unexpected GET ${path}`);
  });
  vi.spyOn(api, 'put').mockImplementation(async (path: string, body?: unknown) => {
    calls.push({ method: 'PUT', path, body });
    draft = { ...(body as object), updatedAt: '2026-11-23T11:00:00Z' };
    return draft as never; // a PUT answers without `others`

  });
  vi.spyOn(api, 'delete').mockImplementation(async (path: string) => {
    calls.push({ method: 'DELETE', path });
    draft = null;
    return {} as never;
  });
  vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    calls.push({ method: 'POST', path, body });
    const b = body as Record<string, unknown>;
    if (path === '/forms/invest/check') {
      const cases = (b.cases as { name: string; data: Record<string, unknown> }[]).map((c) => (c.data.name ? { name: c.name, valid: true, errors: [] } : { name: c.name, valid: false, errors: [{ path: '/name', message: 'Name is required' }] }));
      return { lint: opts.lint ?? [], protected: [], cases } as never;
    }
    if (path === '/forms/invest/publish') {
      const answer = opts.publish?.(b);
      if (answer instanceof ApiError) throw answer;
      version += 1;
      return { version } as never;
    }
    throw new ApiError(404, `unexpected POST ${path}`);
  });
  return { calls, setVersion: (v: number) => (version = v) };
}

function renderStudio() {
  return render(
    <ToastProvider>
      <MemoryRouter initialEntries={['/staff/forms/invest']}>
        <Routes>
          <Route path="/staff/forms/:formId" element={<FormStudioPage />} />
          <Route path="/staff/forms" element={<FormsListPage />} />
        </Routes>
      </MemoryRouter>
    </ToastProvider>,
  );
}

/** Replaces an editor's text as typing would (CodeMirror's own transaction). */
function typeInto(label: string, text: string): void {
  const content = screen.getByLabelText(label);
  const view = EditorView.findFromDOM(content)!;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

function editorText(label: string): string {
  return EditorView.findFromDOM(screen.getByLabelText(label))!.state.doc.toString();
}

const withReferral = () => JSON.stringify({ ...invest, properties: { ...(invest.properties as object), referral: { type: 'string', title: 'Referral code' } } }, null, 2);

describe('the forms list', () => {
  it('shows each form with its version, who published it when, submissions per version and drafts', async () => {
    fakeApi();
    render(
      <MemoryRouter>
        <FormsListPage />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Forms' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Invest or donate' })).toHaveAttribute('href', '/staff/forms/invest');
    expect(rows[1]).toHaveTextContent('v2');
    expect(rows[1]).toHaveTextContent('23 Nov 2026, 15:00by Nadia Islam');
    expect(rows[1]).toHaveTextContent('v2: 3 · v1: 12');
    expect(rows[1]).toHaveTextContent('Rafi Ahmed');
    expect(rows[2]).toHaveTextContent('from the files');
    expect(rows[2]).toHaveTextContent('None yet');
  });
});

describe('one form in the studio', () => {
  it('opens the published version without making a draft, then autosaves an edit as a draft of that version', async () => {
    const api = fakeApi();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    expect(JSON.parse(editorText('Schema of invest'))).toEqual(invest);
    expect(screen.getByText(/Also editing this form: Rafi Ahmed, from v2/)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1300));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    typeInto('Schema of invest', withReferral());
    await waitFor(() => expect(api.calls.map((c) => c.method)).toContain('PUT'), { timeout: 15_000 });
    expect(await screen.findByText('Draft saved 23 Nov 2026, 17:00')).toBeInTheDocument();
    expect(screen.getByText(/Also editing this form: Rafi Ahmed/)).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/forms/invest/draft');
    expect(put.body).toMatchObject({ baseVersion: 2, uiSchema: ui, cases: [] });
    expect((put.body as { schema: { properties: object } }).schema.properties).toHaveProperty('referral');
  });

  it('does not save text that is not JSON, and says so', async () => {
    const api = fakeApi();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    await new Promise((r) => setTimeout(r, 1000)); // the check of the published text on opening
    const before = api.calls.length;
    typeInto('Schema of invest', '{ "title": ');
    expect(await screen.findByText('Not saved: The schema is not valid JSON yet.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1300));
    expect(api.calls.slice(before).filter((c) => c.method === 'PUT' || c.path.endsWith('/check'))).toEqual([]);
  });

  it('shows the draft in the live preview', async () => {
    fakeApi();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    typeInto('Schema of invest', withReferral());
    expect(await screen.findByLabelText('Referral code', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('lists the lint messages, and shows a lint refusal from the server', async () => {
    fakeApi({ lint: [{ in: 'schema', path: '/properties/referral', message: 'a required field needs its message in errorMessage.required' }], publish: () => new ApiError(422, 'The draft has lint errors: fix them first.') });
    const user = userEvent.setup();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    typeInto('Schema of invest', withReferral());
    expect(await screen.findByText('Publishing will be refused until these are fixed', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Schema (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText('Say what changed and why')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note for this version'), 'Referral code');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not published');
    expect(alert).toHaveTextContent('The draft has lint errors: fix them first.');
  });

  it('refuses a stale draft clearly, bases it on the current version on request, then publishes', async () => {
    let refused = false;
    const api = fakeApi({
      publish: (body) => {
        if (body.baseVersion === 2) {
          refused = true;
          return new ApiError(409, 'Version 3 was published since your draft began (from version 2).');
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    typeInto('Schema of invest', withReferral());
    api.setVersion(3); // someone else publishes meanwhile
    await user.type(screen.getByLabelText('Note for this version'), 'Referral code');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(refused).toBe(true);
    expect(alert).toHaveTextContent('Not published: someone published a newer version');
    expect(alert).toHaveTextContent('Version 3 was published since your draft began');

    await user.click(within(alert).getByRole('button', { name: 'Base my draft on the newest version' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(editorText('Schema of invest')).toContain('Referral code');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published version 4')).toBeInTheDocument();
    const publishes = api.calls.filter((c) => c.path === '/forms/invest/publish');
    expect(publishes.map((c) => (c.body as { baseVersion: number }).baseVersion)).toEqual([2, 3]);
    expect((publishes[1]!.body as { note: string }).note).toBe('Referral code');
  });

  it('keeps named test cases with the draft and shows the server answer for each', async () => {
    const api = fakeApi({ draft: { baseVersion: 2, schema: invest, uiSchema: ui, updatedAt: '2026-11-23T10:30:00Z', cases: [{ name: 'complete', data: { name: 'Amina' } }, { name: 'empty', data: {} }] } });
    renderStudio();
    const complete = await screen.findByRole('region', { name: 'Test case complete' });
    await waitFor(() => expect(within(complete).getByText('Accepted')).toBeInTheDocument(), { timeout: 15_000 });
    const empty = screen.getByRole('region', { name: 'Test case empty' });
    expect(empty).toHaveTextContent('Refused: 1 message');
    expect(empty).toHaveTextContent('/name: Name is required');
    const check = api.calls.find((c) => c.path === '/forms/invest/check')!;
    expect((check.body as { cases: unknown[] }).cases).toEqual([{ name: 'complete', data: { name: 'Amina' } }, { name: 'empty', data: {} }]);
    expect(screen.getByText('Draft saved 23 Nov 2026, 16:30')).toBeInTheDocument();
  });

  it('restores an older version after a confirmation, as a new version', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Versions' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('v2 CurrentShorter messages23 Nov 2026, 15:00 by Nadia Islam · 3 submissions');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('v1 From the files20 Nov 2026, 15:00 · 12 submissionsRestore');
    await user.click(within(table).getByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.path.endsWith('/publish'))).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Restore version 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Restored as version 3')).toBeInTheDocument();
    const publish = api.calls.find((c) => c.path === '/forms/invest/publish')!;
    // Its Bengali words come back with it.
    expect(publish.body).toEqual({ baseVersion: 2, schema: { ...invest, title: 'Old title' }, uiSchema: {}, translations: { bn: { 'Old title': 'পুরোনো শিরোনাম' } }, note: 'Restored version 1' });
  });

  it('shows each English text beside its Bengali: a new one is missing (counted, and Publish waits), typed, previewed in Bengali and published', async () => {
    let sent: Record<string, unknown> | null = null;
    const api = fakeApi({ publish: (body) => void (sent = body) });
    const user = userEvent.setup();
    renderStudio();
    await screen.findByLabelText('Schema of invest');
    typeInto('Schema of invest', JSON.stringify({ ...invest, properties: { ...(invest.properties as object), promo: { type: 'string', title: 'Promo code' } } }));
    // Counted in the tab; Publish says why it waits and leads to the tab.
    const tab = await screen.findByRole('tab', { name: 'Translations (1)' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText(/Publishing waits for the Bengali of 1 text/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the missing texts' }));
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('region', { name: 'Bengali translations' });
    expect(within(panel).getByRole('status')).toHaveTextContent('1 text without Bengali');
    // Every text beside its Bengali, each input named by its English; "Missing only" keeps the one missing.
    const title = String(invest.title);
    expect(within(panel).getByRole('textbox', { name: title })).toHaveValue(words.bn[title]);
    await user.click(within(panel).getByRole('checkbox', { name: 'Missing only' }));
    expect(within(panel).getAllByRole('textbox')).toHaveLength(1);
    expect(within(panel).getByText('Missing')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'Promo code' }), 'প্রোমো');
    expect(await screen.findByRole('tab', { name: 'Translations' })).toBeInTheDocument();
    expect(within(panel).getByText('Nothing is missing.')).toBeInTheDocument();
    // Saved with the draft.
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && (c.body as { translations?: { bn?: Record<string, string> } }).translations?.bn?.['Promo code'] === 'প্রোমো'), JSON.stringify(api.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { translations?: { bn?: Record<string, string> } }).translations?.bn?.['Promo code']))).toBe(true), { timeout: 15_000 });
    // The preview in Bengali.
    await user.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(await screen.findByLabelText('প্রোমো', {}, { timeout: 15_000 })).toBeInTheDocument();
    // Published with the words.
    await user.type(screen.getByLabelText('Note for this version'), 'Promo codes');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published version 3')).toBeInTheDocument();
    expect((sent as { translations: { bn: Record<string, string> } } | null)?.translations.bn).toMatchObject({ 'Promo code': 'প্রোমো', [String(invest.title)]: words.bn[String(invest.title)] });
  });
});
