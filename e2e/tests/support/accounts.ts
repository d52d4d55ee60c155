import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A shopper's credentials, as the browser tests type them. */
export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Satisfies the register rule: 8+ characters with upper case, lower case and a digit. */
export const PASSWORD = 'Piercing2025';

/**
 * A fresh account for one test. The e-mail is new on every run (time plus randomness), so the
 * tests also pass against a server whose database already holds earlier runs (E2E_BASE_URL).
 */
export function newAccount(label: string): Account {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name: 'Ana Souza',
    email: `e2e-${label}-${unique}@example.com`,
    password: PASSWORD,
  };
}

/**
 * Creates the account through the API, for tests whose subject is not the register form, and
 * answers its access token (for calls made with `request`, outside the page). Each call counts
 * against the per-IP account limit, which the test server raises (ACCOUNTS_PER_IP_HOUR in
 * playwright.config.ts) since every shopper of the suite comes from 127.0.0.1.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: Account,
): Promise<{ accessToken: string }> {
  const response = await request.post('/api/users/register', {
    data: {
      user: {
        name: account.name,
        email: account.email,
        password: account.password,
        password_confirmation: account.password,
        privacy_policy_accepted: true,
        terms_of_service_accepted: true,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { accessToken: ((await response.json()) as { access_token: string }).access_token };
}

/** The store's header (role banner). */
export function siteHeader(page: Page) {
  return page.getByRole('banner');
}

/** The logged-in header of spec 000 §2: greeting with the first name, 'Minha Conta' and 'Sair'. */
export async function expectLoggedIn(page: Page, account: Account): Promise<void> {
  const header = siteHeader(page);
  const firstName = account.name.split(' ')[0] ?? account.name;
  // The closed phone menu holds a second greeting: only the one on screen counts.
  await expect(header.getByText(`Olá, ${firstName}`).filter({ visible: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Minha Conta' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Entrar' })).toBeHidden();
}

export async function expectLoggedOut(page: Page): Promise<void> {
  const header = siteHeader(page);
  await expect(header.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sair' })).toBeHidden();
}

/** Fills and sends the login view of the auth modal, which must already be open. */
export async function submitLoginDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  return dialog;
}

/** Logs in the way a shopper does: 'Entrar' in the header, then the modal. */
export async function loginThroughHeader(page: Page, account: Account): Promise<void> {
  await siteHeader(page).getByRole('button', { name: 'Entrar' }).click();
  const dialog = await submitLoginDialog(page, account.email, account.password);
  await expect(dialog).toBeHidden();
  await expectLoggedIn(page, account);
}

/**
 * Reads a toast, then closes it as a shopper would: on wide screens toasts sit at the top right,
 * over the header's account links, for 5 seconds. A toast that goes away on its own before the
 * click is just as good, hence the short click timeout that is allowed to fail.
 */
export async function readAndCloseToast(page: Page, text: string): Promise<void> {
  const toast = page
    .getByRole('region', { name: 'Notificações' })
    .getByRole('listitem')
    .filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast
    .getByRole('button', { name: 'Fechar notificação' })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(toast).toBeHidden();
}

/** The administrator the server created from ADMIN_EMAIL (playwright.config.ts). */
export function shopAdministrator(): Account {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD must be set');
  return { name: 'Administrador da Loja', email, password };
}

/** An access token lives 15 minutes (token-service.ts); one is reused for 10. */
const ADMIN_TOKEN_REUSE_MS = 10 * 60_000;
let adminToken: { value: string; at: number } | undefined;

/**
 * The administrator's API headers, for calls made with `request`. One login serves the worker's
 * tests for 10 minutes: every login from 127.0.0.1 counts against the 30 per 15 minutes a source
 * gets (auth-limits.ts), which the tests that sign in through the page need.
 */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  if (!adminToken || Date.now() - adminToken.at > ADMIN_TOKEN_REUSE_MS) {
    const admin = shopAdministrator();
    const login = await request.post('/api/auth/login', {
      data: { email: admin.email, password: admin.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { access_token: value } = (await login.json()) as { access_token: string };
    adminToken = { value, at: Date.now() };
  }
  return { authorization: `Bearer ${adminToken.value}` };
}
