// E-mail ownership (an address must be proven the account's): registration mails a confirmation
// link, the account page asks
// for it gently ('Confirme seu e-mail', 'Reenviar link'), /confirmar-email follows it; a new
// e-mail needs the current password and takes effect only once the link sent to it is followed.
// The links are read from the outbox (DATA_DIR/outbox: the test server has no SMTP).
import type { Page } from '@playwright/test';
import {
  expectLoggedIn,
  loginThroughHeader,
  newAccount,
  readAndCloseToast,
  registerThroughApi,
  siteHeader,
} from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { outboxSlugsTo, serverDataDir, waitForVerificationLink } from './support/outbox.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

// Several pages and password hashing (argon2id) per register and login on a two-core machine.
test.describe.configure({ timeout: 90_000 });
// A used link and a wrong current password are refused with 422 on purpose: Chromium logs both.
test.use({ allowedConsoleErrors: [/status of 422/] });

const CARD = 'Confirme seu e-mail';

function accountMain(page: Page) {
  return page.getByRole('main');
}

/** Every token the API handed this page (register, login, refresh), to look for in storage. */
function collectTokens(page: Page): string[] {
  const tokens: string[] = [];
  page.on('response', (response) => {
    if (!/\/api\/(users\/register|auth\/(login|refresh))$/.test(response.url())) return;
    void response
      .json()
      .then((body: Record<string, unknown>) => {
        const nested = (body.tokens ?? {}) as Record<string, unknown>;
        for (const value of [
          body.access_token,
          body.refresh_token,
          body.token,
          nested.access_token,
          nested.refresh_token,
        ]) {
          if (typeof value === 'string' && value.length > 0) tokens.push(value);
        }
      })
      .catch(() => undefined);
  });
  return tokens;
}

test('a newcomer registers, confirms the address from the mail and stays logged in after a reload', async ({
  page,
}) => {
  const dataDir = serverDataDir();
  test.skip(!dataDir, 'E2E_DATA_DIR must name the data folder of the server at E2E_BASE_URL');
  const account = newAccount('confirma');
  const tokens = collectTokens(page);

  await page.goto('/');
  await acceptCookies(page);
  await siteHeader(page).getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('dialog', { name: 'Entrar' })
    .getByRole('button', { name: 'Criar conta' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await dialog.getByLabel('Nome completo').fill(account.name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Senha', { exact: true }).fill(account.password);
  await dialog.getByLabel('Confirmar senha').fill(account.password);
  await dialog.getByRole('checkbox', { name: /Política de Privacidade/ }).check();
  await dialog.getByRole('checkbox', { name: /Termos de Serviço/ }).check();
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  await expect(dialog).toBeHidden();
  await readAndCloseToast(page, 'Conta criada com sucesso! Você já está conectado.');

  // The account can shop as before; the account page asks, gently, for the confirmation.
  await siteHeader(page).getByRole('link', { name: 'Minha Conta' }).click();
  const main = accountMain(page);
  const card = main.getByRole('region', { name: CARD });
  await expect(card).toContainText(
    `Enviamos um link de confirmação para ${account.email}. Confirme seu endereço para proteger sua conta.`,
  );
  await screenshots(page, 'confirme-seu-email-cartao', { fullPage: false });

  const first = await waitForVerificationLink(dataDir ?? '', account.email);
  expect(first).toMatch(/^\/confirmar-email\?token=[\w-]{43}$/);

  // 'Reenviar link' once: a new link, and the earlier one stops working.
  await card.getByRole('button', { name: 'Reenviar link' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Enviamos um novo link de confirmação. Confira sua caixa de entrada.',
  );
  await screenshots(page, 'confirme-seu-email-reenviado', { fullPage: false });
  const second = await waitForVerificationLink(dataDir ?? '', account.email, first);

  await page.goto(first);
  await expect(page).toHaveURL(/\/confirmar-email$/);
  await expect(
    page.getByText('Link de confirmação expirado ou inválido. Peça um novo em Minha Conta.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir para Minha Conta' })).toBeVisible();
  await screenshots(page, 'confirmar-email-invalido');

  await page.goto(second);
  await expect(page.getByText('E-mail confirmado com sucesso!')).toBeVisible();
  // The token leaves the address bar at once, and the history with it.
  await expect(page).toHaveURL(/\/confirmar-email$/);
  await expect(page).toHaveTitle('Confirmar e-mail | Lumina Piercings');
  await expect(page.getByText(`O endereço ${account.email} está confirmado.`)).toBeVisible();
  await screenshots(page, 'confirmar-email-sucesso');

  await page.getByRole('link', { name: 'Ir para Minha Conta' }).click();
  await expect(main.getByRole('region', { name: 'Dados cadastrais' })).toContainText(account.email);
  await expect(main.getByRole('region', { name: CARD })).toHaveCount(0);

  // A reload: the session comes back through the refresh cookie, not from storage.
  await page.reload();
  await expectLoggedIn(page, account);
  await expect(main.getByRole('region', { name: 'Dados cadastrais' })).toContainText(account.email);
  await expect(main.getByRole('region', { name: CARD })).toHaveCount(0);

  expect(tokens.length, 'the register and refresh answers were seen').toBeGreaterThanOrEqual(3);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).map((key): [string, string] => [
      key,
      localStorage.getItem(key) ?? '',
    ]),
  );
  for (const [key, value] of stored) {
    for (const token of tokens) {
      expect(key, `localStorage key ${key}`).not.toContain(token);
      expect(value, `localStorage ${key}`).not.toContain(token);
    }
    expect(key).not.toMatch(/token/i);
  }
  // What is stored of the session: who is probably logged in, nothing secret.
  const hint = stored.find(([key]) => key === 'lumina.session-hint')?.[1] ?? 'null';
  const parsed = JSON.parse(hint) as Record<string, unknown> | null;
  expect(Object.keys(parsed ?? {}).sort()).toEqual(['id', 'name', 'role']);
  expect(parsed).toMatchObject({ name: 'Ana', role: 'customer' });
});

test("a new e-mail asks for 'Senha atual' and takes effect once the link sent to it is followed", async ({
  page,
  request,
}) => {
  const dataDir = serverDataDir();
  test.skip(!dataDir, 'E2E_DATA_DIR must name the data folder of the server at E2E_BASE_URL');
  const account = newAccount('troca');
  const newEmail = account.email.replace('e2e-troca-', 'e2e-nova-');
  await registerThroughApi(request, account);

  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  await readAndCloseToast(page, 'Olá, Ana! Você entrou na sua conta.');
  await siteHeader(page).getByRole('link', { name: 'Minha Conta' }).click();
  const main = accountMain(page);
  await main.getByRole('button', { name: 'Editar dados' }).click();

  const form = page.getByRole('dialog', { name: 'Editar dados' });
  await expect(form.getByLabel('Senha atual')).toBeHidden();
  await form.getByLabel('E-mail', { exact: true }).fill(newEmail);
  const password = form.getByLabel('Senha atual', { exact: true });
  await expect(password).toBeVisible();
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(password).toHaveAccessibleDescription(
    'Para alterar o e-mail, confirme sua senha atual.',
  );
  await screenshots(page, 'editar-dados-senha-atual', {
    fullPage: false,
    before: () => password.scrollIntoViewIfNeeded(),
  });

  // A wrong password: refused by the server, on the field.
  await password.fill('SenhaErrada1');
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(form.getByRole('alert')).toContainText('Senha atual incorreta');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();

  await password.fill(account.password);
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(form).toBeHidden();
  await readAndCloseToast(page, 'Perfil atualizado. Enviamos um link de confirmação');

  // Nothing changes until the new address confirms; the card says where the link went.
  const profile = main.getByRole('region', { name: 'Dados cadastrais' });
  await expect(profile).toContainText(account.email);
  await expect(main.getByRole('region', { name: CARD })).toContainText(
    `Enviamos um link de confirmação para ${newEmail}. O e-mail da conta só muda depois da confirmação.`,
  );
  await screenshots(page, 'confirme-seu-email-troca-pendente', {
    fullPage: false,
    before: () => page.evaluate(() => window.scrollTo(0, 0)),
  });

  // The current address is told of the request.
  await expect
    .poll(() => outboxSlugsTo(dataDir ?? '', account.email))
    .toContain('pedido-de-troca-do-e-mail-da-sua-conta-lumina-piercings');

  await page.goto(await waitForVerificationLink(dataDir ?? '', newEmail));
  await expect(page.getByText('E-mail alterado e confirmado com sucesso!')).toBeVisible();
  await expect(page.getByText(`Sua conta agora usa o e-mail ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Ir para Minha Conta' }).click();
  await expect(profile).toContainText(newEmail);
  await expect(profile).not.toContainText(account.email);
  await expect(main.getByRole('region', { name: CARD })).toHaveCount(0);
});
