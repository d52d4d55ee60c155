// The owner's team and home: the owner invites an operator from 'Equipe'; the operator accepts the
// e-mailed link on a phone, signs in, finds only the orders in the panel, ships a paid order and
// is refused the shop's settings; the owner's home shows what waits and the month's chart.
// Screenshots of the new pages at phone and desktop widths go to SHOT_DIR for review.
import { join } from 'node:path';
import {
  loginThroughHeader,
  newAccount,
  shopAdministrator,
  submitLoginDialog,
} from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { customerWithOrder, TRACKING } from './support/orders.ts';
import { serverDataDir, waitForInvitationLink } from './support/outbox.ts';
import { SHOT_DIR, screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };

test('the owner invites an operator, who ships an order from a phone and cannot open the settings; the owner sees the queue and the chart', async ({
  page,
  browser,
  request,
}) => {
  const dataDir = serverDataDir();
  if (!dataDir) throw new Error('E2E_DATA_DIR is needed to read the invitation e-mail');
  const { order } = await customerWithOrder(request, { until: 'paid', label: 'pedido-equipe' });

  // The owner opens the panel's home: the paid order waits in the queue, the month is charted.
  const owner = shopAdministrator();
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, owner);
  await page.goto('/admin');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
  const toShip = main.getByRole('link', { name: /Pedidos pagos para enviar/ });
  await expect(toShip).toBeVisible();
  await expect(toShip).toHaveAttribute('href', '/admin/pedidos?status=processing');
  const revenue = main.getByRole('img', { name: /^Receita por dia de / });
  await expect(revenue).toBeVisible();
  // The chart was drawn on its canvas, not only described.
  await expect
    .poll(() =>
      revenue
        .locator('canvas')
        .evaluate((canvas: HTMLCanvasElement) => canvas.width > 0 && canvas.height > 0),
    )
    .toBe(true);
  await screenshots(page, 'admin-home');

  // 'Equipe': the owner invites the operator by e-mail.
  await page.goto('/admin/equipe');
  await expect(main.getByRole('heading', { name: 'Equipe', level: 1 })).toBeVisible();
  const operator = { ...newAccount('operador'), name: 'Otávio Operador' };
  await main.getByLabel('E-mail', { exact: true }).fill(operator.email);
  await main.getByLabel('Perfil', { exact: true }).selectOption('operator');
  await main.getByRole('button', { name: 'Convidar', exact: true }).click();
  await expect(page.getByText(`Convite enviado para ${operator.email}.`).first()).toBeVisible();
  await expect(main.getByText(operator.email).first()).toBeVisible();
  await screenshots(page, 'admin-equipe');
  const link = await waitForInvitationLink(dataDir, operator.email);

  // The operator, on their phone, accepts the invitation and signs in.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const op = await phone.newPage();
  await op.goto(link);
  await acceptCookies(op);
  await expect(op.getByText(operator.email).or(op.getByLabel('E-mail'))).toBeVisible();
  await expect(op.getByText('Operador').first()).toBeVisible();
  await op.getByLabel('Nome completo').fill(operator.name);
  await op.getByLabel('Senha', { exact: true }).fill(operator.password);
  await op.getByLabel('Confirmar senha').fill(operator.password);
  await op.screenshot({ path: join(SHOT_DIR, 'convite-390x844.png'), fullPage: true });
  await op.getByRole('button', { name: 'Aceitar convite' }).click();
  await op.getByRole('link', { name: 'Entrar' }).click();
  // The used link is refused from now on.
  const reused = await request.get(`/api${link.replace('/convite/', '/staff_invitations/')}`);
  expect(reused.status()).toBeGreaterThanOrEqual(400);
  expect(reused.status()).toBeLessThan(500);

  const dialog = op.getByRole('dialog', { name: 'Entrar' });
  if (!(await dialog.isVisible())) {
    await op.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  }
  await submitLoginDialog(op, operator.email, operator.password);
  await expect(dialog).toBeHidden();

  // The panel shows an operator the orders and nothing of the catalogue or the settings.
  await op.goto('/admin');
  const bar = op.getByRole('navigation', { name: 'Painel' });
  await expect(bar.getByRole('link', { name: 'Pedidos' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Produtos' })).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Loja' })).toHaveCount(0);
  const opMain = op.getByRole('main');
  await expect(opMain.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
  await expect(opMain.getByRole('img', { name: /^Receita por dia/ })).toHaveCount(0);
  await op.screenshot({ path: join(SHOT_DIR, 'admin-home-operador-390x844.png'), fullPage: true });

  // It ships the paid order.
  await bar.getByRole('link', { name: 'Pedidos' }).click();
  await opMain.getByRole('searchbox', { name: 'Buscar' }).fill(order.order_number);
  await opMain.getByRole('button', { name: 'Filtrar' }).click();
  await opMain.getByRole('link', { name: order.order_number }).first().click();
  await expect(opMain.getByRole('heading', { name: `Pedido ${order.order_number}` })).toBeVisible();
  await opMain.getByRole('button', { name: 'Marcar como enviado', exact: true }).click();
  const ship = op.getByRole('dialog', { name: 'Marcar como enviado' });
  await ship.getByLabel('Código de rastreio').fill(TRACKING);
  await ship.getByRole('button', { name: 'Marcar como enviado', exact: true }).click();
  await expect(ship).toBeHidden();
  await expect(
    opMain.getByText(
      'Pedido marcado como enviado. O cliente recebeu o código de rastreio por e-mail.',
    ),
  ).toBeVisible();
  await op.screenshot({
    path: join(SHOT_DIR, 'admin-pedido-operador-390x844.png'),
    fullPage: true,
  });

  // The settings stay closed to it, in the page and in the API.
  await op.goto('/admin/loja');
  await expect(opMain.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
  await expect(opMain.getByText('Seu perfil não tem acesso a esta área.')).toBeVisible();
  const login = await request.post('/api/auth/login', {
    data: { email: operator.email, password: operator.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const refused = await request.get('/api/admin/settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Seu perfil não tem acesso a esta área.',
  );
  await phone.close();

  // The owner's team list shows the operator who joined.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/equipe');
  await expect(main.getByText(operator.name).first()).toBeVisible();
  await expect(main.getByText('Operador', { exact: true }).filter({ visible: true })).toHaveCount(
    1,
  );

  // The customers the owner reads, and the accountant's export dialog, at both widths.
  await page.goto('/admin/clientes');
  await expect(main.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await screenshots(page, 'admin-clientes');
  await page.setViewportSize({ width: 1280, height: 800 });
  await main.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/clientes\/\d+$/);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshots(page, 'admin-cliente');
  await page.goto('/admin/pedidos');
  await main.getByRole('button', { name: 'Exportar', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Exportar pedidos' });
  await expect(exportDialog).toBeVisible();
  await screenshots(page, 'admin-exportar', { fullPage: false });
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Baixar' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^pedidos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/,
  );
});
