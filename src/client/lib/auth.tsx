/**
 * Who is signed in. The token lives in local storage; the account is read from /auth/user/me. Any 401 from the
 * API clears the session (see api.ts) and this provider forgets the user.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, getToken, setToken, setUnauthorizedHandler } from './api';

export interface Me {
  id: string;
  email: string;
  phone: string;
  verified: boolean;
  staff: boolean;
  created: string;
}

interface AuthState {
  status: 'loading' | 'signed-in' | 'signed-out';
  me: Me | null;
  /** Stores a new token and loads the account. */
  signIn: (token: string) => Promise<Me | null>;
  /** Ends the session on the server (best effort) and here. */
  signOut: () => Promise<void>;
  /** Re-reads the account (after a change). */
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, onSessionExpired }: { children: ReactNode; onSessionExpired?: () => void }) {
  const [me, setMe] = useState<Me | null>(null);
  const [status, setStatus] = useState<AuthState['status']>(getToken() ? 'loading' : 'signed-out');

  const load = useCallback(async (): Promise<Me | null> => {
    if (!getToken()) {
      setMe(null);
      setStatus('signed-out');
      return null;
    }
    try {
      const account = await api.get<Me>('/auth/user/me');
      setMe(account);
      setStatus('signed-in');
      return account;
    } catch {
      // 401 already cleared the token; a network error keeps it for the next try.
      setMe(null);
      setStatus(getToken() ? 'loading' : 'signed-out');
      return null;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setMe(null);
      setStatus('signed-out');
      onSessionExpired?.();
    });
    return () => setUnauthorizedHandler(null);
  }, [onSessionExpired]);

  const value = useMemo<AuthState>(
    () => ({
      status,
      me,
      signIn: async (token: string) => {
        setToken(token);
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
        setStatus('signed-out');
      },
      refresh: async () => {
        await load();
      },
    }),
    [status, me, load],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
