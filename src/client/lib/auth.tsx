/**
 * Who is signed in. The token lives in local storage; the account is read from /auth/user/me. Any 401 from the
 * API clears the session (see api.ts) and this provider forgets the user.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, getToken, setToken, setUnauthorizedHandler } from './api';
import type { ApiAnswer } from './api-paths';

/** The signed-in account, as /auth/user/me answers it. */
export type Me = ApiAnswer<'GET /auth/user/me'>;

interface AuthState {
  /** `unreachable`: a token exists but the server could not be asked about it (offline); `refresh` retries. */
  status: 'loading' | 'signed-in' | 'signed-out' | 'unreachable';
  me: Me | null;
  /** Known to be signed out (`status` is 'signed-out'): only then are Sign in and Sign up offered, not while a
   *  session is being checked or cannot be. */
  visitor: boolean;
  /** True after the server ended the session (a 401): the sign-in page says so. */
  expired: boolean;
  /** Stores a new token and loads the account. */
  signIn: (token: string) => Promise<Me | null>;
  /** Ends the session on the server (best effort) and here. */
  signOut: () => Promise<void>;
  /** Re-reads the account (after a change). */
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

let serverRendered = false;
/**
 * Tells the provider the page was rendered on the server, which knows no session: the first render then shows the
 * signed-out state as the server did (hydration must match), and the session is read right after.
 */
export function startFromServerRender(): void {
  serverRendered = true;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [status, setStatus] = useState<AuthState['status']>(() => (serverRendered || !getToken() ? 'signed-out' : 'loading'));
  const [expired, setExpired] = useState(false);

  const load = useCallback(async (): Promise<Me | null> => {
    if (!getToken()) {
      setMe(null);
      setStatus('signed-out');
      return null;
    }
    // After a server render the first state was signed-out: a guarded page opened meanwhile must wait, not redirect.
    setStatus((s) => (s === 'signed-out' ? 'loading' : s));
    try {
      const account = await api.get('/auth/user/me');
      setMe(account);
      setStatus('signed-in');
      return account;
    } catch {
      // A 401 already cleared the token; a network error keeps it, and the guard offers to try again.
      setMe(null);
      setStatus(getToken() ? 'unreachable' : 'signed-out');
      return null;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    // No navigation here: a public page stays where it is; a guarded one sends the visitor to sign in.
    setUnauthorizedHandler(() => {
      setMe(null);
      setStatus('signed-out');
      setExpired(true);
    });
    return () => setUnauthorizedHandler(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      status,
      visitor: status === 'signed-out',
      me,
      expired,
      signIn: async (token: string) => {
        setToken(token);
        setExpired(false);
        setStatus('loading');
        return load();
      },
      signOut: async () => {
        try {
          if (getToken()) await api.post('/auth/user/sign-out');
        } catch {
          // the token is dropped below either way
        }
        setToken(null);
        setMe(null);
        setExpired(false);
        setStatus('signed-out');
      },
      refresh: async () => {
        await load();
      },
    }),
    [status, me, expired, load],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
