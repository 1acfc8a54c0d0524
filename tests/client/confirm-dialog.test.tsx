// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useConfirm } from '../../src/client/components/ConfirmDialog';

afterEach(cleanup);

function CloseCampaign() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={async () => setAnswer(String(await confirm({ title: 'Close the campaign of “Farm”?', text: 'This cannot be undone.', confirmText: 'Close campaign' })))}>Close</button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks in an MUI dialog named by its question, with Cancel focused, never window.confirm', async () => {
    const native = vi.spyOn(window, 'confirm');
    const user = userEvent.setup();
    render(<CloseCampaign />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the campaign of “Farm”?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // Enter pressed by habit cancels.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Close campaign' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
    expect(native).not.toHaveBeenCalled();
  });
});
