import type { App } from '../app.ts';
import type { Database } from '../db/database.ts';
import type { NewUserRow, UserRow } from '../db/schema/users.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createUserRepository } from '../modules/users/repository.ts';

let sequence = 0;

/**
 * A user straight in the database, for tests of what comes after register (resets, addresses,
 * Google linking). `password` is hashed like a real one; without it the account has none. An
 * admin is an owner unless `staffRole` says otherwise.
 */
export async function createUser(
  database: Pick<Database, 'db'>,
  overrides: Partial<NewUserRow> & { password?: string } = {},
): Promise<UserRow> {
  sequence += 1;
  const { password, ...values } = overrides;
  return createUserRepository(database.db).create({
    email: `cliente${sequence}@example.com`,
    name: 'Ana Souza',
    passwordHash: password === undefined ? null : await hashPassword(password),
    privacyPolicyAccepted: true,
    termsOfServiceAccepted: true,
    ...values,
    staffRole: values.staffRole ?? (values.role === 'admin' ? 'owner' : null),
  });
}

/** A logged-in session for `user`, as login would open it. */
export async function signIn(app: App, user: Pick<UserRow, 'id' | 'role'>) {
  return app.services.tokens.issueSession(
    { id: user.id, role: user.role },
    { ip: '198.51.100.20', userAgent: 'vitest' },
  );
}

export function bearerHeader(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
