import { apiClientHooks } from '../api-client.ts';
import { getSessionId } from '../session-id.ts';
import { isAccessTokenFresh } from './access-token.ts';
import {
  clearCredentials,
  CREDENTIAL_KEYS,
  readCredentials,
  writeAccessToken,
  writeUser,
} from './auth-storage.ts';
import type {
  AuthStatus,
  AuthUser,
  LoginInput,
  LoginResult,
  RegisterPayload,
} from './auth-types.ts';
import type { SessionOperations } from './session-operations.ts';

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
}

/** What the session operations (refresh, login...) may read and change. */
export interface SessionCore {
  now: () => number;
  token: () => string | null;
  snapshot: () => AuthSnapshot;
  /** Stores the new access token (the user stays). */
  setToken: (token: string) => void;
  signIn: (token: string, user: AuthUser) => void;
  /** Clears the stored credentials and the user. */
  signOut: () => void;
  /** Settles a 'loading' session as anonymous without touching what is stored. */
  settleAnonymous: () => void;
  setUser: (user: AuthUser) => void;
}

export interface AuthSession {
  getSnapshot: () => AuthSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Restores the stored session (refreshing it when needed) and keeps it fresh; returns stop. */
  start: () => () => void;
  login: (input: LoginInput) => Promise<LoginResult>;
  register: (payload: RegisterPayload) => Promise<void>;
  /** Google sign-in return: trades the one-time cookie for a session. */
  exchangeGoogleLogin: () => Promise<LoginResult>;
  logout: () => Promise<void>;
  setUser: (user: AuthUser) => void;
  refreshProfile: () => Promise<void>;
}

export interface AuthSessionOptions {
  now?: () => number;
}

/**
 * The one auth state of the web app, outside React so the API client can read the token and
 * report 401s. Creating a session plugs it into `apiClientHooks` (the newest session wins; the
 * app creates one, each test its own).
 *
 * This part is on every page, so it stays small: it reads what is stored and answers the token.
 * Everything that talks to the API (refresh timers, login, logout...) is in session-operations.ts,
 * loaded only once there is a session to keep or the visitor starts to log in; an anonymous
 * visitor's home page never downloads it.
 */
export function createAuthSession({ now = Date.now }: AuthSessionOptions = {}): AuthSession {
  const stored = readCredentials();
  let token = stored.accessToken;
  let snapshot: AuthSnapshot = { status: initialStatus(), user: stored.user };
  const listeners = new Set<() => void>();
  let operations: Promise<SessionOperations> | null = null;

  function initialStatus(): AuthStatus {
    if (token && stored.user && isAccessTokenFresh(token, now())) return 'authenticated';
    // Something is stored but the token is stale or the user missing: start() settles it.
    return token || stored.user ? 'loading' : 'anonymous';
  }

  function publish(next: AuthSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  const core: SessionCore = {
    now,
    token: () => token,
    snapshot: () => snapshot,
    setToken(next) {
      token = next;
      writeAccessToken(next);
    },
    signIn(next, user) {
      core.setToken(next);
      writeUser(user);
      publish({ status: 'authenticated', user });
    },
    signOut() {
      token = null;
      clearCredentials();
      publish({ status: 'anonymous', user: null });
    },
    settleAnonymous() {
      publish({ status: 'anonymous', user: null });
    },
    setUser(user) {
      if (snapshot.status !== 'authenticated') return;
      writeUser(user);
      publish({ status: 'authenticated', user });
    },
  };

  function ops(): Promise<SessionOperations> {
    operations ??= import('./session-operations.ts').then((module) =>
      module.createSessionOperations(core),
    );
    return operations;
  }

  function onStorage(event: StorageEvent): void {
    // Another tab logged in, refreshed or logged out: follow it.
    if (event.key !== null && !CREDENTIAL_KEYS.includes(event.key)) return;
    const next = readCredentials();
    if (!next.accessToken || !next.user) {
      if (snapshot.status !== 'anonymous') {
        token = null;
        publish({ status: 'anonymous', user: null });
        void operations?.then((loaded) => loaded.stop());
      }
      return;
    }
    token = next.accessToken;
    if (!isAccessTokenFresh(token, now())) return;
    publish({ status: 'authenticated', user: next.user });
    void ops().then((loaded) => loaded.keepFresh());
  }

  apiClientHooks.sessionId = getSessionId;
  apiClientHooks.accessToken = () => token;
  apiClientHooks.onUnauthorized = async (info) =>
    // Nothing to refresh or clear for a call that carried no token.
    info.sentToken ? (await ops()).onUnauthorized(info) : false;

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      window.addEventListener('storage', onStorage);
      let stopped = false;
      if (snapshot.status !== 'anonymous') {
        void ops().then((loaded) => {
          if (!stopped) loaded.start();
        });
      }
      return () => {
        stopped = true;
        window.removeEventListener('storage', onStorage);
        void operations?.then((loaded) => loaded.stop());
      };
    },
    login: async (input) => (await ops()).login(input),
    register: async (payload) => (await ops()).register(payload),
    exchangeGoogleLogin: async () => (await ops()).exchangeGoogleLogin(),
    logout: async () => (await ops()).logout(),
    setUser: core.setUser,
    refreshProfile: async () => (await ops()).refreshProfile(),
  };
}
