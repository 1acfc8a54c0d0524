// @vitest-environment jsdom
/**
 * What a form screen says above its form comes from its screen config, not from code that knows the screen: the
 * sign-in screen's `sessionEndedNotice` when the router sent someone whose session ended, and a `require`d condition's
 * warning with the `requireLink` that meets it (issue 32 §3: FormScreen has no screen-specific branches).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import FormScreen from '../../src/client/features/forms/FormScreen';
import { screensConfig, type Screen } from '../../src/client/config';
import { AuthProvider } from '../../src/client/lib/auth';
import { api, setToken } from '../../src/client/lib/api';

const byId = (id: string) => screensConfig.screens.find((s) => s.id === id)!;

function show(s: Screen, entry: string | { pathname: string; state: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <AuthProvider>
        <FormScreen screen={s} />
      </AuthProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setToken(null);
});

describe('notices a screen config gives', () => {
  it('says the session ended on a screen that has the notice, only when the router says so', async () => {
    const signIn = byId('sign-in');
    expect(signIn.sessionEndedNotice).toBeTruthy();
    show(signIn, { pathname: signIn.path, state: { expired: true } });
    expect(await screen.findByText(signIn.sessionEndedNotice!)).toBeInTheDocument();
    cleanup();
    show(signIn, signIn.path);
    await screen.findByRole('button', { name: /sign in/i });
    expect(screen.queryByText(signIn.sessionEndedNotice!)).not.toBeInTheDocument();
    cleanup();
    // Another screen given the same notice in its config says it too: nothing in the code names sign-in.
    show({ ...byId('forgot-password'), sessionEndedNotice: 'Signed out: start again.' }, { pathname: '/resetPass', state: { expired: true } });
    expect(await screen.findByText('Signed out: start again.')).toBeInTheDocument();
  });

  it('warns an unverified person above a form that requires identity, linking where the config says', async () => {
    setToken('test-token');
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === '/auth/user/me') return { id: 'u1', email: 'a@example.com', phone: '+8801812345678', verified: true, staff: false, created: '2026-01-01' } as never;
      if (path === '/profile') return { profile: {}, verification: { status: 'not submitted', note: null } } as never;
      if (path === '/profile/verification') return { status: 'not submitted', data: {} } as never;
      if (path.startsWith('/me/drafts/')) return { data: null } as never;
      throw new Error(`unexpected GET ${path}`);
    });
    const owner = { ...byId('project-owner'), requireLink: { text: 'Go and verify', to: '/somewhere/verify' } };
    show(owner, owner.path);
    const link = await screen.findByRole('link', { name: 'Go and verify' });
    expect(link).toHaveAttribute('href', '/somewhere/verify');
    expect(byId('project-owner').requireLink).toEqual({ text: 'Verify profile', to: byId('verification').path });
  });
});
