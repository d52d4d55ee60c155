import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClientHooks, apiRequest } from '../api-client.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';
import { AuthProvider } from './auth-provider.tsx';
import { createAuthSession, type AuthSession } from './auth-session.ts';
import { createUser } from './testing/create-user.ts';
import { fakeAccessToken, fakeApi, TEST_USER, type FakeRequest } from './testing/fake-api.ts';
import { fakeBroadcastChannel, fakeWebLocks } from './testing/fake-tabs.ts';
import { createTestSession, storeSignedIn } from './testing/signed-in.ts';
import { useAuth } from './use-auth.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const inMinutes = (minutes: number) => Math.floor((Date.now() + minutes * 60_000) / 1000);
const HINT = { id: 7, name: 'Ana', role: 'customer' };

function Probe() {
  const { status, user, hint } = useAuth();
  return (
    <p>
      {status}:{user?.name ?? '-'}:{hint?.name ?? '-'}
    </p>
  );
}

function renderSession(session: AuthSession = createAuthSession()) {
  const view = render(
    <AuthProvider session={session}>
      <Probe />
    </AuthProvider>,
  );
  return Object.assign(session, { unmount: view.unmount });
}

const storedHint = (): unknown => JSON.parse(localStorage.getItem(STORAGE_KEYS.sessionHint)!);
const storeHint = () => localStorage.setItem(STORAGE_KEYS.sessionHint, JSON.stringify(HINT));
const calls = (requests: FakeRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

/** The server of a logged-in browser: the refresh cookie works, the profile answers. */
function sessionServer(renewed = fakeAccessToken(inMinutes(15))) {
  return fakeApi(({ path }) => {
    if (path === '/auth/refresh') return { body: { tokens: { access_token: renewed } } };
    if (path === '/users/profile') return { body: { success: true, user: TEST_USER } };
    return undefined;
  });
}

/** What another tab's localStorage change looks like here. */
function storageChangedElsewhere(key: string, newValue: string | null) {
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fakeBroadcastChannel();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('auth status on start', () => {
  it('is anonymous without the hint and asks nothing of the server', async () => {
    const requests = fakeApi(() => undefined);
    renderSession();
    expect(screen.getByText('anonymous:-:-')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(requests).toEqual([]);
  });

  it('restores a session on reload through the refresh cookie, then the profile', async () => {
    const renewed = fakeAccessToken(inMinutes(15));
    storeHint();
    const requests = sessionServer(renewed);
    renderSession();
    // Greeting material at once, the user (CPF...) only from the server.
    expect(screen.getByText('loading:-:Ana')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    expect(calls(requests)).toEqual(['POST /auth/refresh', 'GET /users/profile']);
    // The refresh token is only in the httpOnly cookie: never in the body.
    expect(requests[0]?.body).toEqual({});
    expect(requests[1]?.headers.Authorization).toBe(`Bearer ${renewed}`);
  });

  it('clears the hint when the refresh is refused', async () => {
    storeHint();
    const requests = fakeApi(() => ({
      status: 401,
      body: { code: 'invalid_refresh_token', message: 'Sessão expirada.' },
    }));
    renderSession();
    expect(await screen.findByText('anonymous:-:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(calls(requests)).toEqual(['POST /auth/refresh']);
  });

  it('keeps the hint for the next visit when the server cannot be reached', async () => {
    storeHint();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    renderSession();
    expect(await screen.findByText('anonymous:-:-')).toBeInTheDocument();
    expect(storedHint()).toEqual(HINT);
  });

  it('retires the token and user earlier versions stored, the person staying logged in', async () => {
    localStorage.setItem('lumina.access-token', fakeAccessToken(inMinutes(10)));
    localStorage.setItem('lumina.user', JSON.stringify(createUser()));
    const requests = sessionServer();
    renderSession();
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.sessionHint]);
    expect(storedHint()).toEqual(HINT);
    expect(await screen.findByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    expect(calls(requests)).toEqual(['POST /auth/refresh', 'GET /users/profile']);
  });
});

describe('what the browser keeps', () => {
  it('is the hint alone after login: no token, CPF, phone, e-mail or birth date', async () => {
    const user = createUser();
    const token = fakeAccessToken(inMinutes(15));
    fakeApi(({ path }) =>
      path === '/auth/login'
        ? {
            body: {
              user,
              access_token: token,
              refresh_token: 'opaque',
              cart_migrated: false,
              cart_items_count: 0,
            },
          }
        : undefined,
    );
    const session = renderSession();
    const result = await act(() => session.login({ email: user.email, password: 'x' }));
    // The login answer keeps its fields; only where the web app keeps them changed.
    expect(result).toEqual({ user, cart_migrated: false, cart_items_count: 0 });
    expect(screen.getByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    expect(session.getSnapshot().user).toEqual(user);
    expect(apiClientHooks.accessToken()).toBe(token);

    expect(Object.keys(localStorage).sort()).toEqual([
      STORAGE_KEYS.sessionHint,
      STORAGE_KEYS.sessionId,
    ]);
    expect(storedHint()).toEqual(HINT);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    for (const secret of [token, 'opaque', user.cpf!, user.phone!, user.email, '1995-04-20']) {
      expect(stored).not.toContain(secret);
    }
  });

  it('is gone after logout, which tells the server', async () => {
    storeSignedIn(TEST_USER);
    const requests = fakeApi(({ path }) =>
      path === '/auth/logout' ? { body: { success: true } } : undefined,
    );
    const session = renderSession(createTestSession());
    expect(screen.getByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    await act(() => session.logout());
    expect(screen.getByText('anonymous:-:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(apiClientHooks.accessToken()).toBeNull();
    expect(calls(requests)).toEqual(['POST /auth/logout']);
  });

  it('ends the session on the server only after the requests already out with its token', async () => {
    storeSignedIn(TEST_USER);
    const order: string[] = [];
    let answerWishlist: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(input instanceof Request ? input.url : input, 'http://localhost')
        .pathname;
      order.push(`${init.method ?? 'GET'} ${path}`);
      if (path === '/api/wishlist') {
        return new Promise<Response>((resolve) => {
          answerWishlist = (response) => {
            order.push('wishlist answered');
            resolve(response);
          };
        });
      }
      return Promise.resolve(new Response('{"success":true}', { status: 200 }));
    });
    const session = renderSession(createTestSession());
    const wishlist = apiRequest('/wishlist');
    // Started outside act: the act below waits while the logout holds on the wishlist.
    const loggingOut = session.logout();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // The server's session still stands while the wishlist's answer is on its way.
    expect(order).toEqual(['GET /api/wishlist']);
    answerWishlist(new Response('{"wishlist":{"items":[]}}', { status: 200 }));
    await act(() => loggingOut);
    await wishlist;
    expect(order).toEqual(['GET /api/wishlist', 'wishlist answered', 'POST /api/auth/logout']);
  });

  it('is gone after logout even when the server cannot be reached', async () => {
    storeSignedIn(TEST_USER);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const session = renderSession(createTestSession());
    await act(() => session.logout());
    expect(screen.getByText('anonymous:-:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
  });

  it('lets a reload (a new session) restore what a login started', async () => {
    const renewed = fakeAccessToken(inMinutes(15));
    const requests = fakeApi(({ path }) => {
      if (path === '/auth/login') {
        return {
          body: {
            user: TEST_USER,
            access_token: fakeAccessToken(inMinutes(15)),
            refresh_token: 'r',
            cart_migrated: false,
            cart_items_count: 0,
          },
        };
      }
      if (path === '/auth/refresh') return { body: { tokens: { access_token: renewed } } };
      if (path === '/users/profile') return { body: { success: true, user: TEST_USER } };
      return undefined;
    });
    const first = renderSession();
    await act(() => first.login({ email: 'ana@exemplo.com', password: 'x' }));
    first.unmount();

    renderSession();
    expect(screen.getByText('loading:-:Ana')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    expect(calls(requests)).toEqual([
      'POST /auth/login',
      'POST /auth/refresh',
      'GET /users/profile',
    ]);
    expect(apiClientHooks.accessToken()).toBe(renewed);
  });
});

describe('401 answers', () => {
  function signedIn() {
    storeSignedIn(TEST_USER);
    return renderSession(createTestSession());
  }

  it('refreshes once and retries the call with the new token', async () => {
    const renewed = fakeAccessToken(inMinutes(15));
    const requests = fakeApi(({ path, headers }) => {
      if (path === '/auth/refresh') return { body: { tokens: { access_token: renewed } } };
      if (path === '/users/profile') {
        return headers.Authorization === `Bearer ${renewed}`
          ? { body: { user: TEST_USER } }
          : { status: 401, body: { code: 'token_expired' } };
      }
      return undefined;
    });
    signedIn();
    await expect(apiRequest('/users/profile')).resolves.toEqual({ user: TEST_USER });
    expect(requests.map((r) => r.path)).toEqual([
      '/users/profile',
      '/auth/refresh',
      '/users/profile',
    ]);
    expect(screen.getByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
  });

  it('ends the session and clears the hint when it cannot be renewed', async () => {
    fakeApi(({ path }) =>
      path === '/auth/refresh'
        ? { status: 401, body: { code: 'invalid_refresh_token' } }
        : { status: 401, body: { code: 'session_ended', message: 'Usuário não autenticado' } },
    );
    signedIn();
    await expect(apiRequest('/addresses')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText('anonymous:-:-')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(apiClientHooks.accessToken()).toBeNull();
  });

  it.each([
    ['an anonymous-cart call', '/anonymous_carts', 'not_authenticated'],
    ['a wrong current password', '/users/change_password', 'wrong_current_password'],
  ])('keeps the session on %s', async (_case, path, code) => {
    const requests = fakeApi(() => ({ status: 401, body: { code, message: 'Não' } }));
    signedIn();
    await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(requests).toHaveLength(1);
    expect(screen.getByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    expect(storedHint()).toEqual(HINT);
  });
});

describe('session calls', () => {
  it('sends one stable X-Session-ID (a UUID) and the bearer token', async () => {
    const token = fakeAccessToken(inMinutes(10));
    storeSignedIn(TEST_USER, token);
    const requests = fakeApi(() => ({ body: { ok: true } }));
    renderSession(createTestSession());
    await apiRequest('/a');
    await apiRequest('/b');
    const ids = requests.map((r) => r.headers['X-Session-ID']);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(ids[0]);
    expect(requests[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });
});

describe('several tabs', () => {
  it('logs out here when another tab logs out (the hint removed), asking the server nothing', async () => {
    storeSignedIn(TEST_USER);
    const requests = fakeApi(() => undefined);
    renderSession(createTestSession());
    act(() => storageChangedElsewhere(STORAGE_KEYS.sessionHint, null));
    expect(screen.getByText('anonymous:-:-')).toBeInTheDocument();
    expect(apiClientHooks.accessToken()).toBeNull();
    await act(() => Promise.resolve());
    expect(requests).toEqual([]);
  });

  it('follows a login in another tab through the refresh cookie', async () => {
    const requests = sessionServer();
    renderSession();
    act(() => storageChangedElsewhere(STORAGE_KEYS.sessionHint, JSON.stringify(HINT)));
    expect(screen.getByText('loading:-:Ana')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    expect(calls(requests)).toEqual(['POST /auth/refresh', 'GET /users/profile']);
  });

  it('ignores the other keys', async () => {
    storeSignedIn(TEST_USER);
    const requests = fakeApi(() => undefined);
    renderSession(createTestSession());
    act(() => storageChangedElsewhere(STORAGE_KEYS.localCart, '[]'));
    expect(screen.getByText('authenticated:Ana Souza:Ana')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(requests).toEqual([]);
  });

  describe('restoring at once (a browser reopening its tabs)', () => {
    async function twoTabs() {
      storeHint();
      const requests = sessionServer();
      // Loaded ahead, so both tabs reach the refresh together.
      await import('./session-operations.ts');
      const tabs = [createAuthSession(), createAuthSession()];
      const stops = tabs.map((tab) => tab.start());
      await vi.waitFor(() => {
        for (const tab of tabs) expect(tab.getSnapshot().status).toBe('authenticated');
      });
      stops.forEach((stop) => stop());
      return requests.filter((request) => request.path === '/auth/refresh');
    }

    it('present the refresh cookie once where Web Locks exist (the other tab takes its token)', async () => {
      const undo = fakeWebLocks();
      try {
        expect(await twoTabs()).toHaveLength(1);
      } finally {
        undo();
      }
    });

    it('each refresh on its own without Web Locks', async () => {
      expect(await twoTabs()).toHaveLength(2);
    });
  });
});

describe('silent refresh', () => {
  it('renews the token a minute before it expires', async () => {
    // Loaded ahead so the session's import() needs no real time under fake timers.
    await import('./session-operations.ts');
    vi.useRealTimers();
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const first = fakeAccessToken(inMinutes(15));
    const second = fakeAccessToken(inMinutes(30));
    storeSignedIn(TEST_USER, first);
    const requests = fakeApi(({ path }) =>
      path === '/auth/refresh' ? { body: { tokens: { access_token: second } } } : undefined,
    );
    renderSession(createTestSession());
    // start() loads the session operations, which schedule the renewal.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 - 5_000));
    expect(requests).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await vi.waitFor(() => expect(apiClientHooks.accessToken()).toBe(second));
    expect(requests.map((r) => r.path)).toEqual(['/auth/refresh']);
    // ...and schedules the next renewal for the new token.
    expect(vi.getTimerCount()).toBe(1);
    // The new token stays in memory too.
    expect(Object.values(localStorage)).not.toContain(second);
    expect(storedHint()).toEqual(HINT);
  });
});
