import { ApiError, apiClientHooks, apiRequest, type UnauthorizedInfo } from '../api-client.ts';
import { getSessionId } from '../session-id.ts';
import { accessTokenExpiry, isAccessTokenFresh } from './access-token.ts';
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
  LoginAnswer,
  LoginInput,
  LoginResult,
  RegisterPayload,
} from './auth-types.ts';

/** The access token is renewed this long before it expires. */
export const REFRESH_AHEAD_MS = 60_000;
const REFRESH_LOCK = 'lumina-auth-refresh';

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
}

interface RegisterAnswer {
  user: AuthUser;
  token?: string;
  access_token?: string;
}

/** ok: new access token; rejected: the server refused (session over); failed: no answer. */
type RefreshOutcome = 'ok' | 'rejected' | 'failed';

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
 */
export function createAuthSession({ now = Date.now }: AuthSessionOptions = {}): AuthSession {
  const stored = readCredentials();
  let token: string | null = stored.accessToken;
  let snapshot: AuthSnapshot = { status: initialStatus(), user: stored.user };
  const listeners = new Set<() => void>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshing: Promise<RefreshOutcome> | null = null;

  function initialStatus(): AuthStatus {
    if (token && stored.user && isAccessTokenFresh(token, now())) return 'authenticated';
    // Something is stored but the token is stale or the user missing: start() settles it.
    if (token || stored.user) return 'loading';
    return 'anonymous';
  }

  function publish(next: AuthSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function cancelRefresh(): void {
    clearTimeout(refreshTimer);
    refreshTimer = undefined;
  }

  function scheduleRefresh(): void {
    cancelRefresh();
    const expiry = token ? accessTokenExpiry(token) : null;
    if (expiry === null) return;
    const delay = Math.max(0, expiry - REFRESH_AHEAD_MS - now());
    refreshTimer = setTimeout(() => void refreshAccessToken(), delay);
  }

  function adoptToken(next: string): void {
    token = next;
    writeAccessToken(next);
    scheduleRefresh();
  }

  function signIn(accessToken: string, user: AuthUser): void {
    adoptToken(accessToken);
    writeUser(user);
    publish({ status: 'authenticated', user });
  }

  function signOutLocally(): void {
    cancelRefresh();
    token = null;
    clearCredentials();
    publish({ status: 'anonymous', user: null });
  }

  async function callRefresh(): Promise<RefreshOutcome> {
    // Another tab may have renewed the session while this one waited for the lock.
    const shared = readCredentials().accessToken;
    if (shared && shared !== token && isAccessTokenFresh(shared, now(), REFRESH_AHEAD_MS)) {
      adoptToken(shared);
      return 'ok';
    }
    try {
      // The refresh token travels in the httpOnly cookie; the body stays empty.
      const answer = await apiRequest<{ tokens: { access_token: string } }>('/auth/refresh', {
        method: 'POST',
        body: {},
      });
      adoptToken(answer.tokens.access_token);
      return 'ok';
    } catch (error) {
      return error instanceof ApiError && error.status === 401 ? 'rejected' : 'failed';
    }
  }

  /**
   * One refresh at a time in this tab, and, where the Web Locks API exists, across tabs: two
   * tabs presenting the same refresh token would look like token theft to the server.
   */
  function refreshAccessToken(): Promise<RefreshOutcome> {
    refreshing ??= (async () => {
      try {
        if (typeof navigator !== 'undefined' && navigator.locks) {
          return await navigator.locks.request(REFRESH_LOCK, callRefresh);
        }
        return await callRefresh();
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function onUnauthorized({ sentToken }: UnauthorizedInfo): Promise<boolean> {
    // A call made without a token has nothing to clear (an anonymous visitor on a guarded call).
    if (!sentToken) return false;
    // The token was renewed while the call was on its way: try again with the new one.
    if (token && token !== sentToken) return true;
    const outcome = await refreshAccessToken();
    if (outcome === 'ok') return true;
    if (outcome === 'rejected') signOutLocally();
    return false;
  }

  async function loadProfile(): Promise<AuthUser> {
    const answer = await apiRequest<{ user: AuthUser }>('/users/profile');
    return answer.user;
  }

  async function restore(): Promise<void> {
    if (snapshot.status !== 'loading') {
      if (snapshot.status === 'authenticated') scheduleRefresh();
      return;
    }
    if (!token || !isAccessTokenFresh(token, now())) {
      const outcome = await refreshAccessToken();
      if (outcome !== 'ok') {
        // Refused: the session is over. No answer (offline): keep what is stored for next time.
        if (outcome === 'rejected') clearCredentials();
        token = outcome === 'rejected' ? null : token;
        publish({ status: 'anonymous', user: null });
        return;
      }
    }
    try {
      const user = snapshot.user ?? (await loadProfile());
      if (!token) return;
      signIn(token, user);
    } catch {
      // A 401 here already signed out through onUnauthorized; anything else ends loading too.
      if (snapshot.status === 'loading') publish({ status: 'anonymous', user: null });
    }
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== null && !CREDENTIAL_KEYS.includes(event.key)) return;
    const next = readCredentials();
    if (!next.accessToken || !next.user) {
      if (snapshot.status !== 'anonymous') signOutLocally();
      return;
    }
    token = next.accessToken;
    if (isAccessTokenFresh(token, now())) {
      scheduleRefresh();
      publish({ status: 'authenticated', user: next.user });
    }
  }

  function onVisible(): void {
    // Timers sleep in background tabs; renew on return if the token is about to lapse.
    if (document.visibilityState !== 'visible' || snapshot.status !== 'authenticated') return;
    if (token && !isAccessTokenFresh(token, now(), REFRESH_AHEAD_MS)) {
      void refreshAccessToken().then((outcome) => {
        if (outcome === 'rejected') signOutLocally();
      });
    }
  }

  function completeLogin(answer: LoginAnswer): LoginResult {
    signIn(answer.access_token, answer.user);
    return {
      user: answer.user,
      cart_migrated: answer.cart_migrated,
      cart_items_count: answer.cart_items_count,
    };
  }

  const session: AuthSession = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      window.addEventListener('storage', onStorage);
      document.addEventListener('visibilitychange', onVisible);
      void restore();
      return () => {
        cancelRefresh();
        window.removeEventListener('storage', onStorage);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
    async login(input) {
      const answer = await apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body: input });
      return completeLogin(answer);
    },
    async register(payload) {
      const answer = await apiRequest<RegisterAnswer>('/users/register', {
        method: 'POST',
        body: payload,
      });
      const accessToken = answer.access_token ?? answer.token;
      if (!accessToken) throw new ApiError('Formato de resposta inválido da API', 201, answer);
      signIn(accessToken, answer.user);
    },
    async exchangeGoogleLogin() {
      const answer = await apiRequest<LoginAnswer>('/auth/google/exchange', {
        method: 'POST',
        body: {},
      });
      return completeLogin(answer);
    },
    async logout() {
      try {
        await apiRequest('/auth/logout', { method: 'POST', body: {} });
      } catch {
        // The local session ends whatever the server says; its refresh token expires anyway.
      } finally {
        signOutLocally();
      }
    },
    setUser(user) {
      writeUser(user);
      publish({ ...snapshot, user });
    },
    async refreshProfile() {
      const user = await loadProfile();
      if (snapshot.status === 'anonymous' || !token) return;
      writeUser(user);
      publish({ status: 'authenticated', user });
    },
  };

  apiClientHooks.sessionId = getSessionId;
  apiClientHooks.accessToken = () => token;
  apiClientHooks.onUnauthorized = onUnauthorized;
  return session;
}
