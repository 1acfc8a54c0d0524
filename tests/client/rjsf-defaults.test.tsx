// @vitest-environment jsdom
/**
 * The page's build gives RJSF's Form our default registry (src/client/form-engine/rjsf-defaults.tsx) in place of
 * @rjsf/core's: it must offer every field, template, button and widget @rjsf/core's does, under the same names (an
 * RJSF upgrade that adds a default would otherwise leave a form that names it without one), and a default fetched on
 * first use must draw what @rjsf/core's draws.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import coreDefaults from '@rjsf/core/lib/getDefaultRegistry.js';
import ourDefaults from '../../src/client/form-engine/rjsf-defaults';

const names = (o: object | undefined) => Object.keys(o ?? {}).sort();

describe('the default registry the page is built with', () => {
  const core = coreDefaults();
  const ours = ourDefaults();

  it('has every default of @rjsf/core, by the same names', () => {
    expect(names(ours.fields)).toEqual(names(core.fields));
    expect(names(ours.widgets)).toEqual(names(core.widgets));
    expect(names(ours.templates)).toEqual(names(core.templates));
    expect(names(ours.templates.ButtonTemplates)).toEqual(names(core.templates.ButtonTemplates));
    expect(ours.globalFormOptions).toEqual(core.globalFormOptions);
    expect(ours.translateString).toBe(core.translateString);
  });

  it('keeps what every form draws in the chunk and draws a default fetched on use as @rjsf/core does', async () => {
    expect(ours.fields.SchemaField).toBe(core.fields.SchemaField);
    expect(ours.fields.ObjectField).toBe(core.fields.ObjectField);
    expect(ours.widgets.TextWidget).toBe(core.widgets.TextWidget);

    // A template the engine's theme replaces, fetched on first use: @rjsf/core's own title.
    const Title = ours.templates.TitleFieldTemplate as unknown as (p: Record<string, unknown>) => React.JSX.Element;
    render(<Title id="root__title" title="Project owner registration" required={false} schema={{}} registry={{ ...core, schemaUtils: undefined }} />);
    expect(await screen.findByText('Project owner registration')).toHaveAttribute('id', 'root__title');
  });

  it('gives each default the same component on every call (React would mount a new one anew)', () => {
    const again = ourDefaults();
    expect(again.fields.LayoutGridField).toBe(ours.fields.LayoutGridField);
    expect(again.templates.FieldTemplate).toBe(ours.templates.FieldTemplate);
    expect(again.templates.ButtonTemplates.SubmitButton).toBe(ours.templates.ButtonTemplates.SubmitButton);
    expect(again.widgets.FileWidget).toBe(ours.widgets.FileWidget);
    expect(again.fields).not.toBe(ours.fields);
  });
});
