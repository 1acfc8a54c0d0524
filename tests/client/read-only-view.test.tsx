// @vitest-environment jsdom
/** The read-only view shows a stored document as its schema and ui-schema say, with no field named in code. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AjvClass, AJV_OPTIONS, CUSTOM_FORMATS, extendAjv } from '../../src/shared/validation/ajv-setup';
import { FormReadOnlyView, ReadOnlyView } from '../../src/client/form-engine/read-only';

afterEach(cleanup);

const validator = customizeValidator({ AjvClass, ajvOptionsOverrides: AJV_OPTIONS, customFormats: CUSTOM_FORMATS, extenderFn: extendAjv as never });

/** A schema written for this test: nothing in the view knows these names. */
function testSchema(): RJSFSchema {
  return {
    type: 'object',
    properties: {
      zeta: { type: 'string', title: 'Shop name' },
      amt: { type: 'number', title: 'Amount wanted', 'x-money': true },
      when: { type: 'string', title: 'Opening day', format: 'date' },
      kind: { type: 'string', title: 'Kind of shop', oneOf: [{ const: 'g', title: 'Grocery' }, { const: 'p', title: 'Pharmacy' }] },
      size: { type: 'string', title: 'Size', enum: ['s', 'l'] },
      plan: { type: 'string', title: 'Plan', enum: ['once', 'monthly'] },
      tags: { type: 'array', title: 'Tags', maxItems: 5, items: { type: 'string' } },
      owner: { type: 'object', title: 'Owner', properties: { first: { type: 'string', title: 'First name' }, born: { type: 'string', title: 'Born', format: 'date' } } },
    },
    allOf: [
      {
        if: { properties: { plan: { const: 'monthly' } }, required: ['plan'] },
        then: { properties: { every: { type: 'integer', title: 'Paid every (months)' } } },
        else: { properties: { dueAt: { type: 'string', title: 'Paid at', format: 'date-time' } } },
      },
    ],
  } as RJSFSchema;
}

const ui: UiSchema = {
  'ui:order': ['kind', 'zeta', '*', 'when'],
  'ui:options': { groups: [{ title: 'The shop', fields: ['kind', 'zeta', 'size'] }, { title: 'Money', fields: ['amt', 'plan', 'every', 'dueAt'] }] },
  size: { 'ui:enumNames': ['Small', 'Large'] },
};

const data = {
  zeta: 'Karim Store',
  amt: 250000,
  when: '2026-12-01',
  kind: 'p',
  size: 'l',
  plan: 'once',
  tags: ['halal', 'local'],
  owner: { first: 'Karim', born: '1992-03-15' },
  // A value of the branch the data does not take (a stale answer): never shown.
  every: 3,
  dueAt: '2026-11-23T11:39:00Z',
};

/** The dt texts in document order, and each one's dd text. */
function rows(root: HTMLElement): [string, string][] {
  return [...root.querySelectorAll(':scope dl > div > dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

describe('ReadOnlyView', () => {
  it('shows titles in the ui-schema order and groups, enums by label, money as ৳, dates in the one style', () => {
    render(<ReadOnlyView schema={testSchema()} uiSchema={ui} data={data} validator={validator} />);
    const shop = screen.getByRole('region', { name: 'The shop' });
    expect(rows(shop)).toEqual([
      ['Kind of shop', 'Pharmacy'],
      ['Shop name', 'Karim Store'],
      ['Size', 'Large'],
    ]);
    const money = screen.getByRole('region', { name: 'Money' });
    // The `*` of ui:order puts the ungrouped rest before `when`; ungrouped fields join the last group.
    expect(rows(money).map(([t]) => t)).toEqual(['Amount wanted', 'Plan', 'Paid at', 'Tags', 'Owner', 'First name', 'Born', 'Opening day']);
    expect(within(money).getByText('৳2,50,000')).toBeInTheDocument();
    expect(within(money).getByText('1 Dec 2026')).toBeInTheDocument();
    expect(within(money).getByText('23 Nov 2026, 17:39')).toBeInTheDocument();
    expect(within(money).getByText('15 Mar 1992')).toBeInTheDocument();
    expect(within(money).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['halal', 'local']);
    const text = document.body.textContent ?? '';
    for (const raw of ['zeta', 'amt', '250000', '2026-12-01', 'dueAt', 'every']) expect(text).not.toContain(raw);
  });

  it('shows a branch field only when the data takes its branch', () => {
    const { rerender } = render(<ReadOnlyView schema={testSchema()} uiSchema={ui} data={data} validator={validator} />);
    expect(screen.queryByText('Paid every (months)')).not.toBeInTheDocument();
    expect(screen.getByText('Paid at')).toBeInTheDocument();
    rerender(<ReadOnlyView schema={testSchema()} uiSchema={ui} data={{ ...data, plan: 'monthly' }} validator={validator} />);
    expect(screen.getByText('Paid every (months)')).toBeInTheDocument();
    expect(screen.queryByText('Paid at')).not.toBeInTheDocument();
  });

  it('shows a field added to the schema with no code change, and leaves out fields with no answer', () => {
    const schema = testSchema();
    const { rerender } = render(<ReadOnlyView schema={schema} uiSchema={{}} data={{ ...data, licence: 'TL-77' }} validator={validator} />);
    expect(screen.queryByText('TL-77')).not.toBeInTheDocument();
    const grown = { ...schema, properties: { ...schema.properties, licence: { type: 'string', title: 'Trade licence' } } } as RJSFSchema;
    rerender(<ReadOnlyView schema={grown} uiSchema={{}} data={{ ...data, licence: 'TL-77' }} validator={validator} />);
    const dt = screen.getByText('Trade licence');
    expect(dt.tagName).toBe('DT');
    expect(dt.nextElementSibling).toHaveTextContent('TL-77');
    rerender(<ReadOnlyView schema={grown} uiSchema={{}} data={{ zeta: 'Only this' }} validator={validator} />);
    expect(rows(screen.getByTestId('read-only-view'))).toEqual([['Shop name', 'Only this']]);
  });

  it('shows stored files as thumbnails that open, and the version when given', async () => {
    const schema = { type: 'object', properties: { photo: { type: 'string', title: 'Shop photo', format: 'upload' } } } as RJSFSchema;
    const fileUrl = vi.fn(async (id: string) => `blob:http://localhost/${id}`);
    const id = '0b9d6c1e-5f43-4a3e-9d51-2a7f1c8e9b10';
    render(<ReadOnlyView schema={schema} data={{ photo: `file:${id}` }} validator={validator} fileUrl={fileUrl} version={3} />);
    const link = await screen.findByRole('link', { name: 'Shop photo (opens the full image)' });
    expect(link).toHaveAttribute('href', `blob:http://localhost/${id}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.querySelector('img')).toHaveAttribute('src', `blob:http://localhost/${id}`);
    expect(fileUrl).toHaveBeenCalledWith(id);
    expect(screen.getByText('Submitted with version 3')).toBeInTheDocument();
  });

  it('loads a form by id: the offer shows its amount in its own currency and hides the Recurring fields of an On-time offer', async () => {
    const offer = {
      name: 'Rahim Uddin', location: 'Dhaka', phone: '+8801812345678', email: 'rahim@example.com', investmentType: 'Investment',
      businessCategory: 'Technology', totalAmount: 1200.5, currency: 'USD', duration: 12, return: 'On-time',
      returningTime: 3, totalDuration: 12, securityPolicy: 'Collateral', investmentMethod: 'Bank',
      documents: [{ description: 'Bank statement', file: 'file:0b9d6c1e-5f43-4a3e-9d51-2a7f1c8e9b10' }],
    };
    render(<FormReadOnlyView formId="invest" data={offer} fileUrl={async () => 'blob:http://localhost/x'} />);
    await waitFor(() => expect(screen.getByText('Total amount')).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText('USD 1,200.50')).toBeInTheDocument();
    // The phone in its readable form once the phone rules have loaded (the view loads them only when it shows one).
    expect(await screen.findByText('+880 1812-345678')).toBeInTheDocument();
    expect(screen.queryByText('Repayment every (months)')).not.toBeInTheDocument();
    expect(screen.queryByText('Total duration (months)')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Document 1' })).toHaveTextContent('Description: Bank statement');
    expect(await screen.findByRole('link', { name: 'Document 1: File (opens the full image)' })).toBeInTheDocument();
  });
});
