import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../api-client.ts';
import { STORAGE_KEYS } from '../storage-keys.ts';
import { AuthProvider } from './auth-provider.tsx';
import { createAuthSession, type AuthSession } from './auth-session.ts';
import { fakeAccessToken, fakeApi, TEST_USER, type FakeRequest } from './testing/fake-api.ts';
import { useAuth } from './use-auth.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const inMinutes = (minutes: number) => Math.floor((Date.now() + minutes * 60_000) / 1000);

function store(token: string | null, user: object | null = TEST_USER) {
  if (token) localStorage.setItem(STORAGE_KEYS.accessToken, token);
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

function Probe() {
  const { status, user } = useAuth();
  return (
    <p>
      {status}:{user?.name ?? '-'}
    </p>
  );
}

function renderSession(session: AuthSession = createAuthSession()) {
  render(
    <AuthProvider session={session}>
      <Probe />
    </AuthProvider>,
  );
  return session;
}

const stored = () => ({
  token: localStorage.getItem(STORAGE_KEYS.accessToken),
  user: localStorage.getItem(STORAGE_KEYS.user),
});

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('auth status on start', () => {
  it('is authenticated at once with a stored, unexpired token (no network)', () => {
    store(fakeAccessToken(inMinutes(10)));
    const requests = fakeApi(() => undefined);
    renderSession();
    expect(screen.getByText('authenticated:Ana Souza')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('is anonymous with nothing stored and asks nothing of the server', () => {
    const requests = fakeApi(() => undefined);
    renderSession();
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('renews an expired token through the refresh cookie while loading', async () => {
    store(fakeAccessToken(inMinutes(-1)));
    const renewed = fakeAccessToken(inMinutes(15));
    const requests = fakeApi(({ path }) =>
      path === '/auth/refresh' ? { body: { tokens: { access_token: renewed } } } : undefined,
    );
    renderSession();
    expect(screen.getByText('loading:Ana Souza')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:Ana Souza')).toBeInTheDocument();
    expect(stored().token).toBe(renewed);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/refresh']);
    // The refresh token is never in the body nor in storage: only the httpOnly cookie has it.
    expect(requests[0]?.body).toEqual({});
    expect(Object.keys(localStorage)).not.toContain('lumina.refresh-token');
  });

  it('clears everything when the refresh is refused', async () => {
    store(fakeAccessToken(inMinutes(-1)));
    fakeApi(() => ({
      status: 401,
      body: { code: 'invalid_refresh_token', message: 'Sessão expirada.' },
    }));
    renderSession();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(stored()).toEqual({ token: null, user: null });
  });

  it('loads the user when only the token is stored', async () => {
    store(fakeAccessToken(inMinutes(10)), null);
    fakeApi(({ path }) =>
      path === '/users/profile' ? { body: { success: true, user: TEST_USER } } : undefined,
    );
    renderSession();
    expect(await screen.findByText('authenticated:Ana Souza')).toBeInTheDocument();
    expect(JSON.parse(stored().user ?? '{}')).toMatchObject({ email: 'ana@exemplo.com' });
  });
});

describe('401 answers', () => {
  function signedIn() {
    store(fakeAccessToken(inMinutes(10)));
    return renderSession();
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
    expect(screen.getByText('authenticated:Ana Souza')).toBeInTheDocument();
  });

  it('clears the stored credentials and the user when the session cannot be renewed', async () => {
    fakeApi(({ path }) =>
      path === '/auth/refresh'
        ? { status: 401, body: { code: 'invalid_refresh_token' } }
        : { status: 401, body: { code: 'invalid_token', message: 'Usuário não autenticado' } },
    );
    signedIn();
    await expect(apiRequest('/addresses')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(stored()).toEqual({ token: null, user: null });
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
    expect(screen.getByText('authenticated:Ana Souza')).toBeInTheDocument();
    expect(stored().token).not.toBeNull();
  });
});

describe('session calls', () => {
  it('sends one stable X-Session-ID (a UUID) and the bearer token', async () => {
    const token = fakeAccessToken(inMinutes(10));
    store(token);
    const requests = fakeApi(() => ({ body: { ok: true } }));
    renderSession();
    await apiRequest('/a');
    await apiRequest('/b');
    const ids = requests.map((r) => r.headers['X-Session-ID']);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(ids[0]);
    expect(requests[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('logs in, stores token and user under one key each, and logs out everywhere', async () => {
    const token = fakeAccessToken(inMinutes(15));
    const requests = fakeApi(({ path }) => {
      if (path === '/auth/login') {
        return {
          body: {
            user: TEST_USER,
            access_token: token,
            refresh_token: 'opaque',
            cart_migrated: false,
            cart_items_count: 0,
          },
        };
      }
      if (path === '/auth/logout') return { body: { success: true } };
      return undefined;
    });
    const session = renderSession();
    await act(() => session.login({ email: 'ana@exemplo.com', password: 'x' }));
    expect(screen.getByText('authenticated:Ana Souza')).toBeInTheDocument();
    expect(stored().token).toBe(token);
    // The refresh token from the body is not kept anywhere scripts can read.
    expect(JSON.stringify(localStorage)).not.toContain('opaque');

    await act(() => session.logout());
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    expect(stored()).toEqual({ token: null, user: null });
    expect(requests.map((r: FakeRequest) => `${r.method} ${r.path}`)).toContain(
      'POST /auth/logout',
    );
  });

  it('logs out locally even when the server cannot be reached', async () => {
    store(fakeAccessToken(inMinutes(10)));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const session = renderSession();
    await act(() => session.logout());
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    expect(stored()).toEqual({ token: null, user: null });
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
    store(first);
    const requests = fakeApi(({ path }) =>
      path === '/auth/refresh' ? { body: { tokens: { access_token: second } } } : undefined,
    );
    renderSession();
    // start() loads the session operations, which schedule the renewal.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 - 5_000));
    expect(requests).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await vi.waitFor(() => expect(stored().token).toBe(second));
    expect(requests.map((r) => r.path)).toEqual(['/auth/refresh']);
    // ...and schedules the next renewal for the new token.
    expect(vi.getTimerCount()).toBe(1);
  });
});
