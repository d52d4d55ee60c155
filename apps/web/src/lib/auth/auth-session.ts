import { apiClientHooks } from '../api-client.ts';
import { getSessionId } from '../session-id.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';
import { clearHint, hintOf, readHint, retireStoredCredentials, writeHint } from './auth-storage.ts';
import type {
  AuthStatus,
  AuthUser,
  LoginInput,
  LoginResult,
  RegisterPayload,
  SessionHint,
} from './auth-types.ts';
import type { SessionOperations } from './session-operations.ts';

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  hint: SessionHint | null;
}

const ANONYMOUS: AuthSnapshot = { status: 'anonymous', user: null, hint: null };
/** Who a page rendered on the server is for: nobody in particular. */
export const ANONYMOUS_SNAPSHOT = ANONYMOUS;

/** What the session operations (refresh, login...) may read and change. */
export interface SessionCore {
  now: () => number;
  token: () => string | null;
  snapshot: () => AuthSnapshot;
  /** Keeps a renewed access token (the user stays); ignored once the session has ended. */
  setToken: (token: string) => void;
  signIn: (token: string, user: AuthUser) => void;
  /** Forgets the token and the user, and removes the hint (the other tabs log out too). */
  signOut: () => void;
  /** Settles a 'loading' session as anonymous, keeping the hint for the next visit. */
  settleAnonymous: () => void;
  setUser: (user: AuthUser) => void;
}

export interface AuthSession {
  getSnapshot: () => AuthSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Restores the session through the refresh cookie and keeps it fresh; returns stop. */
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
  /** A session already known (tests): starts authenticated with this token and user. */
  initial?: { accessToken: string; user: AuthUser };
}

/**
 * The one auth state of the web app, outside React so the API client can read the token and
 * report 401s. Creating a session plugs it into `apiClientHooks` (the newest session wins; the
 * app creates one, each test its own).
 *
 * The access token lives only here, in memory; the browser keeps just the session hint. A tab
 * that opens with the hint is 'loading' until the refresh cookie has given it a token and the
 * profile its user; without the hint it is anonymous and asks the server nothing.
 *
 * This part is on every page, so it stays small. Everything that talks to the API (refresh,
 * login, logout...) is in session-operations.ts, loaded only once there is a session to restore
 * or keep, or the visitor starts to log in: an anonymous visitor's home page never downloads it.
 */
export function createAuthSession({
  now = Date.now,
  initial,
}: AuthSessionOptions = {}): AuthSession {
  retireStoredCredentials();
  if (initial) writeHint(initial.user);
  const hint = readHint();
  let token = initial?.accessToken ?? null;
  let snapshot: AuthSnapshot = initial
    ? { status: 'authenticated', user: initial.user, hint: hintOf(initial.user) }
    : hint
      ? { status: 'loading', user: null, hint }
      : ANONYMOUS;
  const listeners = new Set<() => void>();
  let operations: Promise<SessionOperations> | null = null;
  let started = false;

  function publish(next: AuthSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  const core: SessionCore = {
    now,
    token: () => token,
    snapshot: () => snapshot,
    setToken(next) {
      if (snapshot.status !== 'anonymous') token = next;
    },
    signIn(next, user) {
      token = next;
      writeHint(user);
      publish({ status: 'authenticated', user, hint: hintOf(user) });
    },
    signOut() {
      token = null;
      clearHint();
      publish(ANONYMOUS);
    },
    settleAnonymous() {
      token = null;
      publish(ANONYMOUS);
    },
    setUser(user) {
      if (snapshot.status !== 'authenticated') return;
      writeHint(user);
      publish({ status: 'authenticated', user, hint: hintOf(user) });
    },
  };

  function ops(): Promise<SessionOperations> {
    operations ??= import('./session-operations.ts').then((module) =>
      module.createSessionOperations(core),
    );
    return operations;
  }

  function restore(): void {
    void ops().then((loaded) => {
      if (started) loaded.start();
    });
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== STORAGE_KEYS.sessionHint) return;
    const next = readHint();
    if (!next) {
      // Logged out in another tab: so here too.
      if (snapshot.status === 'anonymous') return;
      token = null;
      publish(ANONYMOUS);
      void operations?.then((loaded) => loaded.stop());
      return;
    }
    // Logged in (as someone else, maybe) in another tab: restore it here through the cookie.
    if (snapshot.status === 'anonymous' || next.id !== snapshot.hint?.id) {
      token = null;
      publish({ status: 'loading', user: null, hint: next });
      restore();
    }
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
      started = true;
      if (snapshot.status !== 'anonymous') restore();
      return () => {
        started = false;
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
