// The shop's side of an order: the administrator created from ADMIN_EMAIL confirms a
// built-in PIX payment seen in the bank, ships the order with a Correios code and marks it
// delivered, in the admin panel; the customer sees each step in 'Meus Pedidos' and gets the
// e-mails. Screenshots of the panel at phone and desktop widths go to SHOT_DIR for review.
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { loginThroughHeader, shopAdministrator, siteHeader } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { customerWithOrder } from './support/orders.ts';
import { outboxSlugsTo, serverDataDir } from './support/outbox.ts';
import { SHOT_DIR, screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

const TRACKING = 'AA473124829BR';

test.describe.configure({ timeout: 120_000 });

async function runAction(page: Page, button: string, result: string, fill?: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  if (fill) await dialog.getByLabel('Código de rastreio').fill(fill);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(main.getByText(result)).toBeVisible();
}

test('the administrator confirms a PIX order, ships and delivers it; the customer sees each step', async ({
  page,
  browser,
  request,
}) => {
  const { account, order } = await customerWithOrder(request);
  const admin = shopAdministrator();

  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, admin);
  await siteHeader(page).getByRole('link', { name: 'Admin' }).click();
  // The panel opens on its home; the orders are the next section.
  await expect(page).toHaveURL(/\/admin$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('link', { name: 'Pedidos' })
    .click();
  await expect(page).toHaveURL(/\/admin\/pedidos$/);
  await expect(main.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  await main.getByRole('searchbox', { name: 'Buscar' }).fill(order.order_number);
  await main.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order.order_number}`));
  await expect(main.getByText('1 pedido', { exact: true })).toBeVisible();
  await screenshots(page, 'admin-orders');
  // The panel's own shell as the screen shows it, and the phone's 'Mais' sheet.
  await screenshots(page, 'admin-shell', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('button', { name: 'Mais' })
    .click();
  const more = page.getByRole('dialog', { name: 'Mais opções' });
  await expect(more.getByRole('link', { name: 'Cupons' })).toBeVisible();
  await page.screenshot({ path: `${SHOT_DIR}/admin-more-390x844.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(more).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await main.getByRole('table').getByRole('link', { name: order.order_number }).click();
  await expect(main.getByRole('heading', { name: `Pedido ${order.order_number}` })).toBeVisible();
  await screenshots(page, 'admin-order-pending');
  await page.setViewportSize({ width: 1280, height: 800 });

  await runAction(
    page,
    'Confirmar pagamento',
    'Pagamento confirmado. O cliente foi avisado por e-mail.',
  );
  // The ship dialog, filled with a code whose check digit is wrong: the form refuses it.
  await main.getByRole('button', { name: 'Marcar como enviado', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Marcar como enviado' });
  await ship.getByLabel('Código de rastreio').fill('AA473124828BR');
  await ship.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(ship.getByText(/^Código de rastreio inválido/)).toBeVisible();
  await screenshots(page, 'admin-ship-dialog');
  await page.setViewportSize({ width: 1280, height: 800 });
  await ship.getByRole('button', { name: 'Voltar' }).click();
  await runAction(
    page,
    'Marcar como enviado',
    'Pedido marcado como enviado. O cliente recebeu o código de rastreio por e-mail.',
    TRACKING.toLowerCase(),
  );
  await expect(main.getByRole('link', { name: TRACKING })).toBeVisible();

  // The customer, on their own phone, sees 'Enviado' with the code and the Correios link.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const customer = await phone.newPage();
  await customer.goto('/');
  await acceptCookies(customer);
  await loginThroughHeader(customer, account);
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto('/minha-conta');
  await customer.getByRole('tab', { name: 'Meus Pedidos' }).click();
  const card = customer.getByRole('article', { name: `Pedido ${order.order_number}` });
  await expect(card.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(card.getByText('Pago', { exact: true })).toBeVisible();
  await expect(card.getByText(TRACKING)).toBeVisible();
  await expect(card.getByRole('link', { name: /Rastrear nos Correios/ })).toHaveAttribute(
    'href',
    'https://rastreamento.correios.com.br/app/index.php',
  );
  await customer.screenshot({
    path: join(SHOT_DIR, 'meus-pedidos-enviado-390x844.png'),
    fullPage: true,
  });

  await runAction(
    page,
    'Marcar como entregue',
    'Pedido marcado como entregue. O cliente foi avisado por e-mail.',
  );
  await customer.reload();
  await customer.getByRole('tab', { name: 'Meus Pedidos' }).click();
  await expect(card.getByText('Entregue', { exact: true })).toBeVisible();
  await phone.close();
  await screenshots(page, 'admin-order-delivered');

  // The catalogue section: the shop's figures and the product table with its sync column.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('link', { name: 'Produtos' })
    .click();
  await expect(page).toHaveURL(/\/admin\/produtos$/);
  const summary = main.getByRole('region', { name: 'Resumo da loja' });
  await expect(summary.getByText('Vendas hoje')).toBeVisible();
  await expect(main.getByRole('table').getByRole('row')).toHaveCount(11);
  await main.getByRole('button', { name: 'Bling', exact: true }).click();
  await expect(page).toHaveURL(/filter=bling/);
  await expect(main.getByText('0 produtos')).toBeVisible();
  await main.getByRole('button', { name: 'Todos', exact: true }).click();
  await expect(main.getByRole('table').getByRole('row')).toHaveCount(11);
  await screenshots(page, 'admin-products');

  // The e-mails each step promised, once each (the outbox folder: e2e runs without SMTP).
  const dataDir = serverDataDir();
  if (dataDir) {
    const number = order.order_number.toLowerCase();
    await expect
      .poll(() => outboxSlugsTo(dataDir, account.email))
      .toEqual([
        // Registration asks the customer to confirm the address (it must be proven theirs).
        'confirme-seu-e-mail-lumina-piercings',
        `pedido-${number}-recebido-pague-com-pix-em-ate-30-minutos`,
        `pagamento-aprovado-pedido-${number}`,
        `pedido-${number}-enviado-codigo-de-rastreio`,
        `pedido-${number}-entregue`,
      ]);
  }
});

test('a customer who opens /admin is sent to Minha Conta with the restricted message', async ({
  page,
  request,
}) => {
  const { account, token } = await customerWithOrder(request);
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, account);
  await expect(siteHeader(page).getByRole('link', { name: 'Admin' })).toBeHidden();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/minha-conta$/);
  // The toast says it; the guard's own line may still be on screen while the account page loads.
  await expect(
    page
      .getByRole('region', { name: 'Notificações' })
      .getByText('Acesso restrito! Apenas administradores podem acessar esta página.'),
  ).toBeVisible();
  // The API says the same, whatever the browser does (the page keeps no token in storage).
  const answer = await request.get('/api/admin/orders', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
});
