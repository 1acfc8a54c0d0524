// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';
import projectOwnerSample from '../fixtures/forms/project-owner.valid.json';
import type { ProjectOwnerForm } from '../../src/shared/generated/form-types';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';

// Each test draws its own form: none is left for the next test's queries to find.
afterEach(cleanup);

describe('SchemaForm', () => {
  it('shows the schema messages under the right fields when an empty sign-in form is submitted', async () => {
    const onSubmit = vi.fn();
    const { container } = render(<SchemaForm formId="sign-in" onSubmit={onSubmit} />);
    const button = await screen.findByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    await waitFor(() => expect(container.querySelector('#root_email__error')).toHaveTextContent('Email is required'));
    expect(container.querySelector('#root_password__error')).toHaveTextContent('Password is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the password rule once when several kinds of character are missing (one pattern per kind, in an allOf)', async () => {
    const warn = vi.spyOn(console, 'warn');
    const user = userEvent.setup();
    const { container } = render(<SchemaForm formId="sign-in" onSubmit={vi.fn()} />);
    await user.type(await screen.findByRole('textbox', { name: /Email or phone/ }), 'karim@example.com');
    await user.type(screen.getByLabelText(/Password/), 'abcdefg');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const error = () => container.querySelector('#root_password__error');
    await waitFor(() => expect(error()).toHaveTextContent('Password must include uppercase, lowercase, number and special character'));
    expect(within(error() as HTMLElement).getAllByText(/Password must include/)).toHaveLength(1);
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/allOf/);
    warn.mockRestore();
  });
});

describe('SchemaForm typing', () => {
  afterEach(cleanup);

  it('submits every typed key when Enter is pressed at once, and when the button is clicked at once', async () => {
    for (const how of ['enter', 'click'] as const) {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      render(<SchemaForm formId="sign-in" onSubmit={onSubmit} />);
      await user.type(await screen.findByRole('textbox', { name: /Email or phone/ }), 'karim@example.com');
      await user.type(screen.getByLabelText(/Password/), `Demo@1234${how === 'enter' ? '{Enter}' : ''}`);
      if (how === 'click') await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(onSubmit, how).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0], how).toEqual({ email: 'karim@example.com', password: 'Demo@1234' });
      cleanup();
    }
  });

  it('shows a value the form puts back by itself (a branch switched back to) in the input', async () => {
    const user = userEvent.setup();
    render(<SchemaForm formId="invest" onSubmit={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Investment' }));
    await user.click(await screen.findByRole('radio', { name: 'Recurring' }));
    await user.type(await screen.findByRole('spinbutton', { name: /Repayment every/ }), '3');
    await user.click(screen.getByRole('radio', { name: 'On-time' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /Repayment every/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('radio', { name: 'Recurring' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: /Repayment every/ })).toHaveValue(3));
  });
});

describe('SchemaForm conditional branches', () => {
  it('reveals the Recurring fields, then hides them and drops their values when the choice changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SchemaForm formId="invest" onSubmit={vi.fn()} onChange={onChange} />);
    await user.click(await screen.findByRole('radio', { name: 'Investment' }));
    await user.click(await screen.findByRole('radio', { name: 'Recurring' }));
    const returning = await screen.findByRole('spinbutton', { name: /Repayment every/ });
    await user.type(returning, '3');
    await user.type(screen.getByRole('spinbutton', { name: /Total duration/ }), '12');
    // The form hears of typed keys just after the frame that draws them.
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ returningTime: 3, totalDuration: 12 })));

    await user.click(screen.getByRole('radio', { name: 'On-time' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /Repayment every/ })).not.toBeInTheDocument());
    const last = onChange.mock.calls.at(-1)![0] as Record<string, unknown>;
    expect(last.return).toBe('On-time');
    expect(last).not.toHaveProperty('returningTime');
    expect(last).not.toHaveProperty('totalDuration');
  });
});

describe('SchemaForm steps', () => {
  it('moves through the steps with Next and submits only from the last step', async () => {
    const data = projectOwnerSample as unknown as ProjectOwnerForm;
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm formId="project-owner" initialData={data} onSubmit={onSubmit} />);
    for (const heading of ['Personal Information', 'Business Information', 'Financial & Account Information']) {
      await screen.findByRole('heading', { name: heading, level: 2 });
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    // Keyboard and screen-reader users land on the new step's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Additional Information', level: 2 })).toHaveFocus());
    // The step list says where the person is and what is done.
    const steps = within(screen.getByRole('list', { name: 'Form steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Personal Information (done)',
      'Business Information (done)',
      'Financial & Account Information (done)',
      '4Additional Information',
    ]);
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual([null, null, null, 'step']);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit project' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ bname: 'Green Harvest Agro', returningTime: 3 });
  });

  it('keeps the user on a step until its fields are valid, with the messages under them', async () => {
    const user = userEvent.setup();
    const { container } = render(<SchemaForm formId="project-owner" onSubmit={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(container.querySelector('#root_name__error')).toHaveTextContent('Name is required'));
    expect(screen.getByRole('heading', { name: 'Personal Information', level: 2 })).toBeInTheDocument();
    expect(container.querySelector('#root_bname')).toBeNull();
  });
});

describe('SchemaForm widgets loaded on first use', () => {
  afterEach(cleanup);

  it('draws a form with radio groups and a select at once, with no placeholder in place of a field', async () => {
    const { container } = render(<SchemaForm formId="invest" onSubmit={vi.fn()} />);
    // The moment the form is drawn (its first text field is there), so is its radio group: its widget code came
    // before the form, not after it in place of a placeholder.
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull(), { timeout: 15_000 });
    expect(within(container).getAllByRole('radio').length).toBeGreaterThan(0);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('names the widgets a form may draw, its branches included', async () => {
    const { widgetNames } = await import('../../src/client/form-engine/theme');
    const schema = {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['a', 'b'] }, ok: { type: 'boolean' }, text: { type: 'string' } },
      allOf: [{ if: { properties: { kind: { const: 'a' } } }, then: { properties: { pick: { oneOf: [{ const: 1 }, { const: 2 }] } } } }],
    };
    expect([...widgetNames(schema, {})].sort()).toEqual(['checkbox', 'select']);
    expect([...widgetNames({ type: 'object', properties: { text: { type: 'string' } } }, { text: { 'ui:widget': 'otp' } })]).toEqual(['otp']);
    expect(widgetNames({ type: 'object', properties: { text: { type: 'string' } } }, {}).size).toBe(0);
  });

  it("draws one choice as the browser's own select and a multiple choice as a menu select", async () => {
    const { default: validator } = await import('@rjsf/validator-ajv8');
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        one: { type: 'string', title: 'One colour', enum: ['red', 'green'] },
        many: { type: 'array', title: 'Colours', uniqueItems: true, items: { type: 'string', enum: ['red', 'green', 'blue'] } },
      },
    };
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<SchemaForm formId="newsletter" definition={{ formId: 'newsletter', schema, uiSchema: {}, validator }} onSubmit={vi.fn()} onChange={onChange} hideTitle />);
    const one = await screen.findByRole('combobox', { name: /One colour/ });
    expect(one.tagName).toBe('SELECT');
    expect(one).toHaveDisplayValue('None'); // an optional field starts on an empty choice
    await user.selectOptions(one, 'green');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ one: 'green' })));
    const many = await screen.findByRole('combobox', { name: /Colours/ });
    expect(many.tagName).not.toBe('SELECT');
  });

  it('shows a field-sized placeholder, then the widget, when a definition is given without preloading', async () => {
    const { lazyWidget } = await import('../../src/client/form-engine/theme');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const Late = lazyWidget(async () => {
      await gate;
      return { default: (p: { id: string }) => <input aria-label="late widget" id={p.id} /> };
    });
    const props = { id: 'x' } as unknown as WidgetProps;
    const { container } = render(<Late {...props} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    expect(await within(container).findByRole('textbox', { name: 'late widget' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
