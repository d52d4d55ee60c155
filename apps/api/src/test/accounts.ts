import { cpfCheckDigits } from '@lumina/shared/validation/cpf';
import { type Solution, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import type { Database } from '../db/database.ts';
import type { CaptchaChallenge } from '../modules/auth/captcha.ts';

/** Empties every account table (users and everything hanging from them, logs, counters). */
export async function truncateAccounts(database: Database): Promise<void> {
  await database.db.execute(
    sql`TRUNCATE users, user_consents, addresses, refresh_tokens, password_resets, login_codes, security_logs, throttle_events, captcha_challenges RESTART IDENTITY CASCADE`,
  );
}

export const TEST_PASSWORD = 'Segura123';

/** A valid CPF built from nine digits (the check digits computed by the shared rule). */
export function validCpf(firstNine = '529982247'): string {
  return `${firstNine}${cpfCheckDigits(firstNine)}`;
}

/** A register `user` block that passes every rule; override what a test is about. */
export function registerUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ana Souza',
    email: 'ana@example.com',
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    cpf: '529.982.247-25',
    phone: '(11) 98765-4321',
    gender: 'F',
    birth_date: '1990-05-17',
    privacy_policy_accepted: true,
    terms_of_service_accepted: true,
    marketing_consent: false,
    data_processing_consent: true,
    ...overrides,
  };
}

export function registerAddress(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Casa',
    street: 'Rua das Flores',
    number: '123',
    complement: 'Apto 4',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    zip_code: '01310-100',
    ...overrides,
  };
}

export interface Session {
  userId: number;
  accessToken: string;
  refreshToken: string;
}

/** Registers through the API and returns the session it opened; fails loudly otherwise. */
export async function registerThroughApi(
  app: App,
  user: Record<string, unknown> = {},
  remoteAddress = '198.51.100.10',
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { user: registerUser(user) },
    remoteAddress,
  });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{
    user: { id: number };
    access_token: string;
    refresh_token: string;
  }>();
  return { userId: body.user.id, accessToken: body.access_token, refreshToken: body.refresh_token };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** What the altcha widget sends as login's `captcha_token`: base64 JSON of challenge and solution. */
export function captchaToken(challenge: CaptchaChallenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Fetches a login captcha and solves it as the widget would (the test app's captchas are easy),
 * returning the challenge, its solution and the token login takes.
 */
export async function solveCaptcha(
  app: App,
  remoteAddress = '198.51.100.10',
): Promise<{ challenge: CaptchaChallenge; solution: Solution; token: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/captcha', remoteAddress });
  if (response.statusCode !== 200) {
    throw new Error(`captcha failed: ${response.statusCode} ${response.body}`);
  }
  const challenge = response.json<CaptchaChallenge>();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('captcha not solved within 10 s');
  return { challenge, solution, token: captchaToken(challenge, solution) };
}

/** What an error answer carries (http/app-error.ts ErrorBody plus login's captcha flag). */
export interface ErrorJson {
  type: string;
  code: string;
  message: string;
  errors?: string[];
  fields?: Record<string, string[]>;
  captcha_required?: boolean;
}

export interface UserJsonLike {
  id: number;
  email: string;
  role: string;
  [key: string]: unknown;
}

/** Register and login answers (the address only on register). */
export interface SessionJson {
  user: UserJsonLike;
  address?: Record<string, unknown> | null;
  token?: string;
  access_token: string;
  refresh_token: string;
  cart_migrated: boolean;
  cart_items_count: number;
}
