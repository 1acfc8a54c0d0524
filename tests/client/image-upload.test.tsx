// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../src/client/form-engine';
import verificationSchema from '../../schemas/verification.schema.json';

afterEach(cleanup);

const IMAGES = join(__dirname, '../fixtures/images');

function input(container: HTMLElement): HTMLInputElement {
  return container.querySelector<HTMLInputElement>('input[data-field-input="root_nidImage"]')!;
}

describe('the image upload widget', () => {
  it("refuses a text file named .png by its first bytes, at once, with the field's schema message", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(<SchemaForm formId="verification" onSubmit={vi.fn()} onChange={onChange} />);
    await screen.findByRole('button', { name: /Choose National ID image/ });
    const fake = new File(['this is not an image\n'], 'passport.png', { type: 'image/png' });
    await user.upload(input(container), fake);

    const expected = verificationSchema.properties.nidImage.errorMessage.pattern;
    expect(expected).toBe('File must be a PNG or JPEG image');
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
    expect(onChange.mock.calls.map((c) => (c[0] as Record<string, unknown>).nidImage).filter(Boolean)).toEqual([]);
  });

  it('previews a real PNG and a real JPEG', async () => {
    const user = userEvent.setup();
    const { container } = render(<SchemaForm formId="verification" onSubmit={vi.fn()} />);
    await screen.findByRole('button', { name: /Choose National ID image/ });
    await user.upload(input(container), new File([readFileSync(join(IMAGES, 'id-card.png'))], 'id-card.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of National ID image' })).toBeInTheDocument();
    await user.upload(input(container), new File([readFileSync(join(IMAGES, 'nominee.jpg'))], 'card.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByText('card.jpg')).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
