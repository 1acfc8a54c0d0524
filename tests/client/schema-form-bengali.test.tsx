// @vitest-environment jsdom
/**
 * A form in Bengali (issue 29 §2): the same form, drawn from its English schema with its Bengali words (labels,
 * options, steps, the submit button) and its messages said in Bengali, the data stored exactly as in English.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';
import { FormLanguageContext } from '../../src/client/form-engine/language';

afterEach(cleanup);

describe('SchemaForm in Bengali', () => {
  it('draws the labels and button in Bengali and shows the schema messages in Bengali', async () => {
    const onSubmit = vi.fn();
    const { container } = render(
      <FormLanguageContext.Provider value="bn">
        <SchemaForm formId="sign-in" onSubmit={onSubmit} />
      </FormLanguageContext.Provider>,
    );
    const button = await screen.findByRole('button', { name: 'সাইন ইন' });
    expect(screen.getByRole('textbox', { name: /ইমেইল বা ফোন/ })).toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(container.querySelector('#root_email__error')).toHaveTextContent('ইমেইল দিতে হবে'));
    expect(container.querySelector('#root_password__error')).toHaveTextContent('পাসওয়ার্ড দিতে হবে');
    expect(screen.getByRole('alert')).toHaveTextContent('অনুগ্রহ করে চিহ্নিত ২টি ঘর ঠিক করুন।');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows options in Bengali and stores their English values', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <FormLanguageContext.Provider value="bn">
        <SchemaForm formId="invest" onSubmit={vi.fn()} onChange={onChange} />
      </FormLanguageContext.Provider>,
    );
    await user.click(await screen.findByRole('radio', { name: 'বিনিয়োগ' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ investmentType: 'Investment' })));
    expect(await screen.findByRole('radio', { name: 'নিয়মিত কিস্তিতে' })).toBeInTheDocument();
  });

  it('reads a phone typed in Bengali digits as the same number and hands it on in ASCII digits', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <FormLanguageContext.Provider value="bn">
        <SchemaForm formId="forgot-password" onSubmit={onSubmit} />
      </FormLanguageContext.Provider>,
    );
    await user.type(await screen.findByRole('textbox', { name: /ইমেইল বা ফোন/ }), '০১৮১২৩৪৫৬৭৮');
    await user.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: '01812345678' }));
  });
});

describe('the engine’s own words in Bengali', () => {
  it('names a list’s rows, its Add and Remove buttons and an upload’s button in Bengali, with Bengali digits', async () => {
    const user = userEvent.setup();
    render(
      <FormLanguageContext.Provider value="bn">
        <SchemaForm formId="agreement-accept" onSubmit={vi.fn()} />
      </FormLanguageContext.Provider>,
    );
    expect(await screen.findByText('এখনো কিছু যোগ করা হয়নি।')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'নথি যুক্ত করুন' }));
    const row = await screen.findByRole('group', { name: 'নথি ১' });
    expect(row).toHaveTextContent('নথি ১');
    expect(screen.getByRole('button', { name: 'নথি ১ সরান' })).toHaveTextContent('সরান');
    expect(screen.getByRole('button', { name: /বেছে নিন$/ })).toHaveTextContent('ছবি বেছে নিন');
    expect(document.body).not.toHaveTextContent(/Document|Remove|Choose|Item/);
  });
});
