/**
 * The typing benchmark's page (scripts/bench/benchmarks/typing.ts): one form, rendered either by the engine
 * (`?engine=ours`, the product's SchemaForm as a screen uses it) or by plain `@rjsf/mui` with `liveValidate`
 * (`?engine=peer`), with the same schema, the same validator and the same MUI theme; `?engine=bare` is a bare
 * `<input>` on the same page, the browser's own cost of a key (no form can be faster).
 */
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Form from '@rjsf/mui';
import { theme } from '../../../src/client/app/theme';
import { loadFormDefinition, SchemaForm } from '../../../src/client/form-engine';
import type { FormId } from '../../../src/shared/generated/form-types';

const params = new URLSearchParams(location.search);
const formId = (params.get('form') ?? 'project-owner') as FormId;
const engine = params.get('engine') ?? 'ours';

/** What a screen does with each change: keep the latest data (FormScreen saves it as a draft). */
let latest: unknown;

async function start(): Promise<void> {
  const def = await loadFormDefinition(formId);
  const form =
    engine === 'bare' ? (
      <input id="root_name" aria-label="Full name" />
    ) : engine === 'peer' ? (
      // Plain RJSF: no custom widgets or templates (so no ui-schema, whose widget names are the engine's own).
      <Form schema={def.schema} validator={def.validator} liveValidate showErrorList={false} onChange={(e) => (latest = e.formData)} />
    ) : (
      <SchemaForm formId={formId} onSubmit={() => undefined} onChange={(d) => (latest = d)} hideTitle />
    );
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <main style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>{form}</main>
    </ThemeProvider>,
  );
  (window as unknown as { __latest: () => unknown }).__latest = () => latest;
}

void start();
