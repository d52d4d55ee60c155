// Back in stock ('Avise-me quando chegar'): a visitor asks on a sold-out variant, confirms by the
// link the shop e-mails (double opt-in), the administrator sees who waits and restocks the
// variant in the panel, and the visitor's e-mail with the variant's page arrives. The product is
// this test's own: the demo's sold-out variants belong to other tests. The e-mails are read from
// the outbox (DATA_DIR/outbox: the test server has no SMTP). Screenshots go to SHOT_DIR.
import type { Locator } from '@playwright/test';
import { adminHeaders, loginThroughHeader, shopAdministrator } from './support/accounts.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import {
  outboxSlugsTo,
  serverDataDir,
  waitForStockAlertLink,
  waitForVariantPageLink,
} from './support/outbox.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

interface CreatedProduct {
  id: number;
  name: string;
  variants: { id: number; sku: string; option_values: Record<string, string> }[];
}

// Several pages, a login and two e-mails on a two-core machine.
test.describe.configure({ timeout: 120_000 });

async function centre(element: Locator): Promise<void> {
  await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
}

test('a visitor waits for a sold-out variant, confirms by e-mail, and hears when the owner restocks it', async ({
  page,
  browser,
  request,
}) => {
  const dataDir = serverDataDir();
  test.skip(!dataDir, 'E2E_DATA_DIR must name the data folder of the server at E2E_BASE_URL');
  const name = `Argola Avise-me E2E ${Date.now().toString(36)}`;
  const created = await request.post('/api/products', {
    headers: await adminHeaders(request),
    data: {
      product: {
        name,
        price: '79,90',
        category: 'orelha',
        description: 'Argola segmentada em titânio, em prata ou dourada.',
        options: [{ name: 'Cor', values: ['Prata', 'Dourado'] }],
        variants: [
          { option_values: { Cor: 'Prata' }, stock_quantity: 4 },
          { option_values: { Cor: 'Dourado' }, stock_quantity: 0 },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { product: CreatedProduct }).product;
  const golden = product.variants.find((variant) => variant.option_values.Cor === 'Dourado');
  if (!golden) throw new Error('the product has its golden variant');
  const email = `avise-me-${Date.now().toString(36)}@example.com`;

  // The visitor opens the golden one, sold out: the page offers to let them know.
  await page.goto(`/produto/${product.id}?variante=${golden.sku}`);
  await acceptCookies(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Esgotado', { exact: true }).first()).toBeVisible();
  const form = main.getByRole('region', { name: 'Avise-me quando chegar' });
  await expect(form).toBeVisible();
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await screenshots(page, 'stock-alert-form', { fullPage: false, before: () => centre(form) });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Without the consent nothing goes; with it, a confirmation link does.
  const submit = form.getByRole('button', { name: 'Avise-me quando chegar' });
  await submit.click();
  await expect(form.getByText('Marque a caixa para autorizar o e-mail de aviso.')).toBeVisible();
  await form.getByRole('checkbox', { name: /Quero receber um único e-mail/ }).check();
  await submit.click();
  await expect(
    form.getByText(`Enviamos um e-mail para ${email}. Abra o link dele para ativar o aviso.`),
  ).toBeVisible();
  await screenshots(page, 'stock-alert-sent', { fullPage: false, before: () => centre(form) });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The link of the e-mail: nothing happens until the button is pressed.
  const confirm = await waitForStockAlertLink(dataDir!, email, 'confirmar');
  await page.goto(confirm);
  await expect(page).toHaveURL(/\/avise-me\/confirmar$/);
  await expect(page.getByRole('heading', { name: 'Confirmar aviso de chegada' })).toBeVisible();
  await screenshots(page, 'stock-alert-confirm', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Confirmar aviso' }).click();
  await expect(
    page.getByText('Aviso confirmado! Você vai receber um e-mail assim que esta variante chegar.'),
  ).toBeVisible();
  await expect(page.getByText(`${name} (Dourado)`)).toBeVisible();

  // The owner, in a browser of their own, sees who waits and restocks 2 golden rings.
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const panel = await owner.newPage();
  await panel.goto('/');
  await acceptCookies(panel);
  await loginThroughHeader(panel, shopAdministrator());
  await panel.goto(`/admin/produtos?q=${encodeURIComponent(name)}`);
  await panel
    .getByRole('main')
    .getByRole('button', { name: `Editar ${name}` })
    .first()
    .click();
  const edit = panel.getByRole('dialog', { name: 'Editar produto' });
  const waiting = edit.getByRole('region', { name: 'Avise-me quando chegar' });
  await expect(waiting).toContainText('Dourado: 1 pessoa esperando');
  await screenshots(panel, 'stock-alert-admin-waiting', {
    fullPage: false,
    before: () => centre(waiting),
  });
  await panel.setViewportSize({ width: 1280, height: 800 });
  await edit
    .getByRole('group', { name: 'Variante Dourado' })
    .getByLabel('Estoque', { exact: true })
    .fill('2');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(panel.getByText(`Produto atualizado: ${name}`)).toBeVisible();
  await owner.close();

  // The e-mail arrives, once, with the golden ring's page.
  const back = await waitForVariantPageLink(dataDir!, email);
  expect(back).toBe(`/produto/${product.id}?variante=${golden.sku}`);
  const slugs = await outboxSlugsTo(dataDir!, email);
  expect(slugs.filter((slug) => slug.startsWith('chegou-'))).toHaveLength(1);
  await page.goto(back);
  await expect(main.getByText('Últimas 2 unidades', { exact: true })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Avise-me quando chegar' })).toHaveCount(0);
});
