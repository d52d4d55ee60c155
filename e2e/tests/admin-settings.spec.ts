// The owner fills in the shop's settings at /admin/loja on a phone (390 px): every section fits
// the screen, a bad WhatsApp is said on its field, a saved form says 'Configurações salvas.' and
// GET /api/store answers the new public part. Prices and shipping stay as they are, so the other
// browser tests see the demo shop's.
import { loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });
test('the owner fills in the shop settings on a phone', async ({ page, request }) => {
  // Logged in on a wide screen (the phone header keeps the greeting in its menu), then a phone's.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/loja');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Loja', level: 1 })).toBeVisible();
  await expect(main.getByText('Antes de deixar a loja pública, preencha:')).toBeVisible();
  // On a phone the section waits under 'Mais', marked as the current page.
  await page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('button', { name: 'Mais' })
    .click();
  const more = page.getByRole('dialog', { name: 'Mais opções' });
  await expect(more.getByRole('link', { name: 'Loja', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Escape');
  await expect(more).toBeHidden();

  await main.getByLabel('Razão social').fill('Lumina Joias Ltda');
  await main.getByLabel('CNPJ ou CPF').fill('11.222.333/0001-81');
  await main.getByLabel('CEP').fill('01310-100');
  await main.getByLabel('Rua').fill('Avenida Paulista');
  await main.getByLabel('Número', { exact: true }).fill('1000');
  await main.getByLabel('Bairro').fill('Bela Vista');
  await main.getByLabel('Cidade').fill('São Paulo');
  await main.getByLabel('UF').selectOption('SP');
  await main.getByLabel('Email do SAC').fill('sac@lumina.test');
  await main.getByLabel('WhatsApp', { exact: true }).fill('11 3333-4444');
  await main
    .getByLabel('Termos de uso', { exact: true })
    .fill('<p>Ao comprar você aceita estes termos.</p>');
  await main
    .getByLabel('Trocas e devoluções', { exact: true })
    .fill('<p>Até 7 dias após a entrega.</p>');
  await main
    .getByLabel('Política de envio', { exact: true })
    .fill('<p>Enviamos pelos Correios.</p>');

  const save = main.getByRole('button', { name: 'Salvar configurações' });
  await save.click();
  await expect(
    main.getByText(
      'WhatsApp deve ser um celular com DDD: 11 dígitos começando com 9 depois do DDD',
    ),
  ).toBeVisible();
  await main.getByLabel('WhatsApp', { exact: true }).fill('11 98765-4321');
  await save.click();
  await expect(main.getByText('Configurações salvas.')).toBeVisible();
  await expect(main.getByText('A loja tem tudo o que precisa para ficar pública.')).toBeVisible();

  // Nothing wider than the phone: the page never scrolls sideways.
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);

  await screenshots(page, 'admin-settings');

  const store = await request.get('/api/store');
  expect(store.ok()).toBe(true);
  const { store: body } = (await store.json()) as {
    store: { legal_name: string; whatsapp_url: string; policies: Record<string, boolean> };
  };
  expect(body.legal_name).toBe('Lumina Joias Ltda');
  expect(body.whatsapp_url).toBe('https://wa.me/5511987654321');
  expect(body.policies).toEqual({ terms: true, returns: true, shipping: true });
  expect(JSON.stringify(body)).not.toContain('mail_from');
});
