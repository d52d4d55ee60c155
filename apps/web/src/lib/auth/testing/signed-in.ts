import { isAccessTokenFresh } from '../access-token.ts';
import { createAuthSession, type AuthSession } from '../auth-session.ts';
import { readHint, writeHint } from '../auth-storage.ts';
import type { AuthUser } from '../auth-types.ts';
import { fakeAccessToken } from './fake-api.ts';

let pending: { accessToken: string; user: AuthUser } | null = null;

/** A user with only the fields a test is about (TEST_USER); the session takes it as it comes. */
type TestUser = Pick<AuthUser, 'id' | 'name' | 'role'> & Partial<AuthUser>;

/**
 * What a login leaves in a tab: the session hint in storage, and the token and user in memory,
 * handed to the next createTestSession() (storage cannot carry them any more).
 */
export function storeSignedIn(
  user: TestUser,
  accessToken = fakeAccessToken(Math.floor(Date.now() / 1000) + 900, { sub: String(user.id) }),
): void {
  pending = { accessToken, user: user as AuthUser };
  writeHint(pending.user);
}

/**
 * A new session as the app creates it, authenticated at once after storeSignedIn(). An expired
 * token stands for a tab opened later, and a test that cleared storage since for a new visit:
 * the session starts from what storage holds (the hint: 'loading', then the refresh cookie).
 */
export function createTestSession(): AuthSession {
  const seeded = pending;
  pending = null;
  const live = seeded && readHint()?.id === seeded.user.id;
  if (live && isAccessTokenFresh(seeded.accessToken, Date.now())) {
    return createAuthSession({ initial: seeded });
  }
  return createAuthSession();
}
