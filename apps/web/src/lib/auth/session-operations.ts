import type { LoginAnswer, RegisterAnswer } from '@lumina/shared/users/user-json';
import {
  ApiError,
  apiRequest,
  signedRequestsSettled,
  type UnauthorizedInfo,
} from '../api-client.ts';
import { accessTokenExpiry, isAccessTokenFresh } from './access-token.ts';
import type { SessionCore } from './auth-session.ts';
import type { AuthUser, LoginInput, LoginResult, RegisterPayload } from './auth-types.ts';

/** The access token is renewed this long before it expires. */
export const REFRESH_AHEAD_MS = 60_000;
/** The Web Lock that lets one tab at a time present the refresh cookie. */
const REFRESH_LOCK = 'lumina-refresh';
/** The tabs of this site tell each other the access tokens they obtain here. */
const AUTH_CHANNEL = 'lumina-auth';

/** ok: new access token; rejected: the server refused (session over); failed: no answer. */
type RefreshOutcome = 'ok' | 'rejected' | 'failed';

export type SessionOperations = ReturnType<typeof createSessionOperations>;

function tokenOf(message: unknown): string | null {
  const token = (message as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : null;
}

/** Everything of the auth session that talks to the API (loaded on demand by auth-session.ts). */
export function createSessionOperations(core: SessionCore) {
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshing: Promise<RefreshOutcome> | null = null;
  let restoring: Promise<void> | null = null;
  let watchingVisibility = false;
  let channel: BroadcastChannel | null = null;
  /** The newest access token another tab obtained (same cookie, so the same login). */
  let sharedToken: string | null = null;

  function listen(): void {
    if (channel || typeof BroadcastChannel === 'undefined') return;
    channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      sharedToken = tokenOf(event.data) ?? sharedToken;
    };
  }

  /** Tells the other tabs, so one about to refresh can take this token instead. */
  function share(token: string): void {
    channel?.postMessage({ token });
  }

  function stop(): void {
    clearTimeout(refreshTimer);
    refreshTimer = undefined;
    if (watchingVisibility) document.removeEventListener('visibilitychange', onVisible);
    watchingVisibility = false;
    channel?.close();
    channel = null;
    sharedToken = null;
  }

  /** Renews the access token a minute before it expires, for as long as there is a session. */
  function keepFresh(): void {
    clearTimeout(refreshTimer);
    const token = core.token();
    const expiry = token ? accessTokenExpiry(token) : null;
    if (expiry === null) return;
    listen();
    const delay = Math.max(0, expiry - REFRESH_AHEAD_MS - core.now());
    refreshTimer = setTimeout(() => void refreshOrSignOut(), delay);
    if (!watchingVisibility) document.addEventListener('visibilitychange', onVisible);
    watchingVisibility = true;
  }

  function signIn(token: string, user: AuthUser): void {
    core.signIn(token, user);
    keepFresh();
    share(token);
  }

  function signOut(): void {
    stop();
    core.signOut();
  }

  function settleAnonymous(): void {
    stop();
    core.settleAnonymous();
  }

  async function callRefresh(): Promise<RefreshOutcome> {
    // Another tab may have refreshed while this one waited for the lock: its token will do.
    const shared = sharedToken;
    if (
      shared &&
      shared !== core.token() &&
      isAccessTokenFresh(shared, core.now(), REFRESH_AHEAD_MS)
    ) {
      core.setToken(shared);
      return 'ok';
    }
    try {
      // The refresh token travels in the httpOnly cookie; the body stays empty.
      const answer = await apiRequest<{ tokens: { access_token: string } }>('/auth/refresh', {
        method: 'POST',
        body: {},
      });
      core.setToken(answer.tokens.access_token);
      share(answer.tokens.access_token);
      return 'ok';
    } catch (error) {
      return error instanceof ApiError && error.status === 401 ? 'rejected' : 'failed';
    }
  }

  /**
   * One refresh at a time in this tab and, where the Web Locks API exists, across tabs: the
   * server takes a refresh token presented twice for a stolen one and ends the whole session.
   * Under the lock a tab sends the cookie the previous holder's answer left, never a used one.
   */
  function refresh(): Promise<RefreshOutcome> {
    listen();
    refreshing ??= (async () => {
      try {
        const outcome = navigator.locks
          ? await navigator.locks.request(REFRESH_LOCK, callRefresh)
          : await callRefresh();
        if (outcome === 'ok') keepFresh();
        return outcome;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function refreshOrSignOut(): Promise<void> {
    if ((await refresh()) === 'rejected') signOut();
  }

  function onVisible(): void {
    // Timers sleep in background tabs; renew on return if the token is about to lapse.
    const token = core.token();
    if (document.visibilityState !== 'visible' || !token) return;
    if (!isAccessTokenFresh(token, core.now(), REFRESH_AHEAD_MS)) void refreshOrSignOut();
  }

  async function loadProfile(): Promise<AuthUser> {
    return (await apiRequest<{ user: AuthUser }>('/users/profile')).user;
  }

  /** Settles a 'loading' session: a token from the refresh cookie, then the user. */
  async function restore(): Promise<void> {
    if (core.snapshot().status === 'authenticated') return keepFresh();
    if (core.snapshot().status !== 'loading') return;
    const outcome = await refresh();
    // Refused: the session is over. No answer (offline): keep the hint for the next visit.
    if (outcome === 'rejected') return signOut();
    if (outcome === 'failed') return settleAnonymous();
    try {
      const user = await loadProfile();
      const token = core.token();
      if (token && core.snapshot().status === 'loading') core.signIn(token, user);
    } catch {
      // A 401 here already signed out through onUnauthorized; anything else ends loading too.
      if (core.snapshot().status === 'loading') settleAnonymous();
    }
  }

  function completeLogin(answer: LoginAnswer): LoginResult {
    signIn(answer.access_token, answer.user);
    return {
      user: answer.user,
      cart_migrated: answer.cart_migrated,
      cart_items_count: answer.cart_items_count,
      notice: answer.notice,
    };
  }

  return {
    start(): void {
      // One restore at a time (React's development double effects, a storage event meanwhile).
      restoring ??= restore().finally(() => {
        restoring = null;
      });
    },
    stop,
    keepFresh,
    /** A 401 on a call that carried `sentToken`: true means "send it again". */
    async onUnauthorized({ sentToken }: UnauthorizedInfo): Promise<boolean> {
      const current = core.token();
      // The token was renewed while the call was on its way: try again with the new one.
      if (current && current !== sentToken) return true;
      // No session any more (logged out meanwhile): nothing to refresh.
      if (!current) return false;
      const outcome = await refresh();
      if (outcome === 'ok') return true;
      if (outcome === 'rejected') signOut();
      return false;
    },
    async login(input: LoginInput): Promise<LoginResult> {
      return completeLogin(
        await apiRequest<LoginAnswer>('/auth/login', { method: 'POST', body: input }),
      );
    },
    async register(payload: RegisterPayload): Promise<void> {
      const answer = await apiRequest<RegisterAnswer>('/users/register', {
        method: 'POST',
        body: payload,
      });
      const token = answer.access_token ?? answer.token;
      if (!token) throw new ApiError('Formato de resposta inválido da API', 201, answer);
      signIn(token, answer.user);
    },
    async exchangeGoogleLogin(): Promise<LoginResult> {
      return completeLogin(
        await apiRequest<LoginAnswer>('/auth/google/exchange', { method: 'POST', body: {} }),
      );
    },
    async logout(): Promise<void> {
      // The local session ends first: requests made from now on go out anonymous instead of
      // meeting the session the server is about to end (a 401); those already out with the
      // token are let finish first. The server ends it by the refresh cookie, which the call
      // below carries.
      signOut();
      await signedRequestsSettled();
      try {
        await apiRequest('/auth/logout', { method: 'POST', body: {} });
      } catch {
        // Whatever the server says; the refresh token expires anyway.
      }
    },
    async refreshProfile(): Promise<void> {
      core.setUser(await loadProfile());
    },
  };
}
