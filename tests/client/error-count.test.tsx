// @vitest-environment jsdom
/**
 * "Please correct the N highlighted fields": N is the number of fields a person sees marked — each field once however
 * many messages it has, nothing for keys the form does not draw — and a message that marks no field is said in the
 * summary itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { SchemaForm } from '../../src/client/form-engine';
import type { FormDefinition } from '../../src/client/form-engine/definitions';
import { AJV_OPTIONS, AjvClass, CUSTOM_FORMATS, extendAjv } from '../../src/shared/validation/ajv-setup';
import verificationSchema from '../../schemas/verification.schema.json';

afterEach(cleanup);

const NID_MESSAGE = verificationSchema.properties.nid.errorMessage.pattern;

describe('the count of highlighted fields', () => {
  it('counts the 13 empty fields of a new verification form (Country starts as Bangladesh), not the keys it was given that it does not draw', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    // What the verification screen was once started from: the whole answer of GET /profile/verification.
    const answer = { status: 'not submitted', note: null, submittedAt: null, reviewedAt: null, formVersion: null, data: null };
    render(<SchemaForm formId="verification" initialData={answer as never} onSubmit={onSubmit} />);
    await user.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 13 highlighted fields.'));
    // As many fields show their message.
    expect(document.querySelectorAll('[id$="__error"]')).toHaveLength(13);
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('Bangladesh');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts a field that breaks two rules once (its first message under it)', async () => {
    const user = userEvent.setup();
    const { container } = render(<SchemaForm formId="verification" initialData={{ nid: 'x'.repeat(41) }} onSubmit={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 13 highlighted fields.'));
    const nidError = container.querySelector('#root_nid__error');
    expect(nidError).toHaveTextContent(NID_MESSAGE);
    expect(document.querySelectorAll('[id$="__error"]')).toHaveLength(13);
  });

  it('says a message that marks no field (a hidden one) in words, and counts only the fields shown', async () => {
    const validator = customizeValidator({ AjvClass, ajvOptionsOverrides: AJV_OPTIONS, customFormats: CUSTOM_FORMATS, extenderFn: extendAjv as never });
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 3, pattern: '^[A-Z]', errorMessage: { minLength: 'Name is too short', pattern: 'Name starts with a capital' } },
        token: { type: 'string', title: 'Token', errorMessage: { type: 'The link you followed is incomplete: open it again' } },
      },
      required: ['name', 'token'],
      errorMessage: { required: { name: 'Name is required', token: 'The link you followed is incomplete: open it again' } },
    } as unknown as RJSFSchema;
    const definition = { formId: 'sign-in', schema, uiSchema: { token: { 'ui:widget': 'hidden' } }, validator } as unknown as FormDefinition;
    const user = userEvent.setup();
    render(<SchemaForm formId="sign-in" definition={definition} initialData={{ email: 'a' } as never} onSubmit={vi.fn()} />);
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Please correct the highlighted field.'));
    expect(alert).toHaveTextContent('The link you followed is incomplete: open it again');
  });
});
