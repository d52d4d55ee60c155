import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext } from './auth-context.ts';
import { ANONYMOUS_SNAPSHOT, createAuthSession, type AuthSession } from './auth-session.ts';
import type { AuthContextValue } from './auth-types.ts';

let appSession: AuthSession | null = null;

const serverSnapshot = () => ANONYMOUS_SNAPSHOT;

/** The app's one session, created on first use (tests pass their own to AuthProvider). */
function defaultSession(): AuthSession {
  appSession ??= createAuthSession();
  return appSession;
}

export function AuthProvider({
  children,
  session: givenSession,
}: {
  children: ReactNode;
  session?: AuthSession;
}) {
  const [session] = useState(() => givenSession ?? defaultSession());
  // A page rendered on the server is an anonymous visitor's; a signed-in browser greets its user
  // right after hydrating (the first render must match the server's HTML).
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, serverSnapshot);

  useEffect(() => session.start(), [session]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      hint: snapshot.hint,
      login: session.login,
      register: session.register,
      logout: session.logout,
      exchangeGoogleLogin: session.exchangeGoogleLogin,
      setUser: session.setUser,
      refreshProfile: session.refreshProfile,
    }),
    [session, snapshot],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
