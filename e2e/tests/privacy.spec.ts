// The LGPD rights reach the shop: a shopper changes a consent and asks for access on
// /gerenciar-dados, and both are on the server; a shopper asks for deletion, the administrator
// completes it at /admin/privacidade, and the account is gone while its order keeps only the
// fiscal data.
import {
  adminHeaders,
  expectLoggedOut,
  loginThroughHeader,
  newAccount,
  readAndCloseToast,
  registerThroughApi,
  shopAdministrator,
  siteHeader,
} from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { customerWithOrder } from './support/orders.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

test('a consent toggled and an access request land on the server', async ({ page }) => {
  const account = newAccount('lgpd');
  const { accessToken } = await registerThroughApi(page.request, account);
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  await page.goto('/gerenciar-dados');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Gerenciar Dados', level: 1 })).toBeVisible();
  await expect(main.getByText(account.email)).toBeVisible();

  const performance = main.getByRole('switch', { name: 'Desempenho' });
  await expect(performance).toHaveAttribute('aria-checked', 'false');
  await performance.click();
  await readAndCloseToast(page, 'Consentimento atualizado com sucesso!');
  await expect(performance).toHaveAttribute('aria-checked', 'true');

  await main.getByRole('button', { name: 'Solicitar acesso aos dados' }).click();
  await expect(
    main.getByText('Solicitação registrada. Responderemos dentro do prazo de 15 dias úteis.'),
  ).toBeVisible();
  const history = main.getByRole('region', { name: 'Histórico de solicitações' });
  await expect(history.getByText('Acesso aos dados').filter({ visible: true })).toBeVisible();
  await expect(history.getByText('Solicitado').filter({ visible: true })).toBeVisible();
  await screenshots(page, 'manage-data');

  // Both are the server's now: another browser (the API) sees them, and so does a reload.
  const headers = { authorization: `Bearer ${accessToken}` };
  const consents = await page.request.get('/api/users/consents', { headers });
  expect(
    ((await consents.json()) as { consents: { performance: boolean } }).consents.performance,
  ).toBe(true);
  const requests = await page.request.get('/api/privacy_requests', { headers });
  expect(await requests.json()).toMatchObject({
    requests: [{ type: 'access', status: 'requested', status_label: 'Solicitado' }],
  });
  await page.reload();
  await expect(main.getByRole('switch', { name: 'Desempenho' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('a deletion asked by the shopper and completed by the administrator', async ({ page }) => {
  const { account, order } = await customerWithOrder(page.request);
  const admin = await adminHeaders(page.request);
  // An order still waiting for payment would hold the erasure back: it is cancelled first.
  const cancelled = await page.request.post(`/api/admin/orders/${order.id}/cancel`, {
    headers: admin,
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  await page.goto('/gerenciar-dados');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Solicitar exclusão dos dados' }).click();
  const confirm = page.getByRole('dialog', { name: 'Solicitar exclusão dos dados' });
  await expect(
    confirm.getByText(
      'Você tem certeza que deseja solicitar a exclusão de seus dados? Esta ação não pode ser desfeita.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirmar exclusão' }).click();
  const history = main.getByRole('region', { name: 'Histórico de solicitações' });
  await expect(history.getByText('Exclusão dos dados').filter({ visible: true })).toBeVisible();

  // Log out from the home page: on the personal-data page, its queries still in flight would
  // meet the ended session (a 401 in the console) and the guard would open the login by itself.
  await page.goto('/');
  await siteHeader(page).getByRole('button', { name: 'Sair' }).click();
  await expectLoggedOut(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.goto('/admin/privacidade');
  const queue = page.getByRole('main');
  const row = queue.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByText('Exclusão dos dados')).toBeVisible();
  await screenshots(page, 'admin-privacy');
  await row.getByRole('button', { name: 'Concluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Concluir: Exclusão dos dados' });
  await dialog.getByRole('textbox').fill('Atendido pelo painel.');
  await screenshots(page, 'admin-privacy-complete', { fullPage: false });
  await dialog.getByRole('button', { name: 'Excluir dados e concluir' }).click();
  await expect(
    queue.getByText('Solicitação concluída. O titular recebeu a resposta por e-mail.'),
  ).toBeVisible();

  // The person's account is gone: no login with the old password...
  const login = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);
  // ...and the order stays with its fiscal data only.
  const detail = await page.request.get(`/api/admin/orders/${order.id}`, {
    headers: await adminHeaders(page.request),
  });
  expect(detail.status()).toBe(200);
  const kept = (await detail.json()) as { order: Record<string, unknown> };
  expect(kept.order).toMatchObject({
    customer_name: account.name,
    customer_email: null,
    customer_phone: null,
    shipping_address: expect.stringContaining('Rua Augusta'),
  });
});
