// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../src/client/components/Toast';
import InlineFailure from '../../src/client/components/InlineFailure';
import { useSubmit } from '../../src/client/lib/use-submit';
import { ApiError } from '../../src/client/lib/api';

afterEach(cleanup);

function Decide({ refuse }: { refuse: boolean }) {
  const review = useSubmit<string>(async (decision) => {
    if (refuse) throw new ApiError(409, 'This record was decided by someone else.');
    return { title: 'Project approved', text: `Recorded: ${decision}.`, tone: 'success' };
  }, 'Not recorded');
  return (
    <>
      <button onClick={() => void review.submit('approve')}>Approve</button>
      <InlineFailure failure={review.failure} />
    </>
  );
}

describe('feedback after an action', () => {
  it('says a success in a toast that needs no click (no dialog)', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Decide refuse={false} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Project approved — Recorded: approve.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refusal inline, with its reason, and shows no success', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Decide refuse />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not recorded');
    expect(alert).toHaveTextContent('This record was decided by someone else.');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
