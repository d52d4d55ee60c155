// Reviews by verified buyers from end to end on the production server: a shopper whose order was
// delivered opens 'Avaliar os produtos' from the order's page, rates the ring bought, writes a
// comment with a script and a link (both left out) and sends a photo; the owner publishes it with
// a public answer in the panel's 'Avaliações'; the product page then shows it (the mean beside
// the title, the buyer's first name, the variant, the photo, the answer) in its server-rendered
// HTML and its JSON-LD (aggregateRating and review). Screenshots at phone and desktop widths go to
// SHOT_DIR for review: the form, the panel's moderation and the product page's reviews.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { loginThroughHeader, shopAdministrator, type Account } from './support/accounts.ts';
import {
  type ApiProductWithVariants,
  listProducts,
  productDetail,
  productTitle,
} from './support/catalog-api.ts';
import { acceptCookies } from './support/cookie-banner.ts';
import { customerWithOrder } from './support/orders.ts';
import { screenshots } from './support/shots.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

/** The demo's captive ring, sold in Diâmetro × Espessura, and one of its variants with stock. */
async function ringWithStock(request: APIRequestContext) {
  const listed = (await listProducts(request)).find((p) =>
    p.name.startsWith('Argola Captive Bead Aço Cirúrgico'),
  );
  if (!listed) throw new Error('The demo catalogue needs its captive bead ring');
  const ring: ApiProductWithVariants = await productDetail(request, listed.id);
  // Not the 8mm ones: the variants test buys the last 8mm/1,2mm and expects 8mm/1,6mm sold out.
  const variant = ring.variants.find(
    (v) => v.active && v.stock_quantity >= 3 && v.option_values['Diâmetro'] !== '8mm',
  );
  if (!variant) throw new Error('The captive ring needs a variant with stock');
  return { ring, variant, photo: listed.images[0] };
}

/**
 * The shopper, in a browser of their own, logged in on a wide screen (the phone header keeps the
 * greeting in its menu), then on a phone.
 */
async function shopperPhone(browser: Browser, account: Account) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const shopper = await context.newPage();
  const errors: string[] = [];
  shopper.on('pageerror', (error) => errors.push(error.message));
  shopper.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await shopper.goto('/');
  await acceptCookies(shopper);
  await loginThroughHeader(shopper, account);
  await shopper.setViewportSize({ width: 390, height: 844 });
  return { context, shopper, errors };
}

/** The page never scrolls sideways on a phone. */
async function expectFitsPhone(page: Page) {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);
}

/** The product's schema.org Product or ProductGroup, as a search engine reads the HTML. */
async function productJsonLd(request: APIRequestContext, productId: number) {
  const response = await request.get(`/produto/${productId}`, { headers: { accept: '*/*' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
  const product = blocks.find((block) => /^Product(Group)?$/.test(String(block['@type'])));
  if (!product) throw new Error('the product page has no Product JSON-LD');
  return { html, product };
}

test('a delivered order’s buyer reviews the ring, the owner publishes it, and the product page and its JSON-LD show it', async ({
  page,
  browser,
  request,
}) => {
  const { ring, variant, photo } = await ringWithStock(request);
  const { account, order } = await customerWithOrder(request, {
    label: 'avaliacao',
    lines: [{ productId: ring.id, variantId: variant.id }],
    until: 'delivered',
  });
  const variantLabel = `Diâmetro: ${variant.option_values['Diâmetro']} · Espessura: ${variant.option_values['Espessura']}`;
  const before = await productJsonLd(request, ring.id);
  expect(before.product).not.toHaveProperty('aggregateRating');

  // The shopper, from the order's page, on a phone.
  const { context, shopper, errors } = await shopperPhone(browser, account);
  await shopper.goto(`/minha-conta/pedidos/${order.id}`);
  await shopper.getByRole('link', { name: 'Avaliar os produtos' }).click();
  await expect(shopper).toHaveURL(new RegExp(`/minha-conta/pedidos/${order.id}/avaliar$`));
  await expect(shopper.getByRole('heading', { name: 'Avaliar produtos', level: 1 })).toBeVisible();
  const form = shopper.getByRole('form', { name: /^Avaliar / });
  await expect(form).toBeVisible();
  await expect(shopper.getByText(variantLabel)).toBeVisible();

  // No rating: the form says so and sends nothing; a star chosen, the message goes.
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(form.getByText('Escolha uma nota de 1 a 5 estrelas.')).toBeVisible();

  // The fifth star, tapped as a shopper does (the radio itself is visually hidden).
  const fifth = form.getByRole('radio', { name: '5 estrelas: Excelente' });
  await form
    .locator('label')
    .filter({ has: shopper.getByRole('radio', { name: '5 estrelas: Excelente' }) })
    .click();
  await expect(fifth).toBeChecked();
  await expect(form.getByText('Escolha uma nota de 1 a 5 estrelas.')).toBeHidden();
  await form
    .getByLabel('Comentário (opcional)')
    .fill('Linda e leve, não pesa nada!<script>alert(1)</script> Comprem em www.outra-loja.com.br');
  const picture = await request.get(photo ?? '');
  expect(picture.ok()).toBe(true);
  await form.getByLabel('Foto (opcional)', { exact: true }).setInputFiles({
    name: 'minha-argola.webp',
    mimeType: 'image/webp',
    buffer: await picture.body(),
  });
  await expect(form.getByText('minha-argola.webp')).toBeVisible();
  await expectFitsPhone(shopper);
  await screenshots(shopper, 'review-form');
  await shopper.setViewportSize({ width: 390, height: 844 });
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();

  const sent = shopper.getByRole('listitem').filter({ hasText: 'Aguardando moderação' });
  await expect(sent).toBeVisible();
  // Plain text: the script and the link are gone.
  await expect(
    sent.getByText('Linda e leve, não pesa nada! Comprem em', { exact: true }),
  ).toBeVisible();
  await expect(sent.getByRole('img', { name: 'Sua foto' })).toBeVisible();
  await screenshots(shopper, 'review-sent');
  expect(errors).toEqual([]);
  await context.close();

  // The owner publishes it, with an answer, from the panel's 'Avaliações'.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await acceptCookies(page);
  await loginThroughHeader(page, shopAdministrator());
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Painel' })
    .getByRole('link', { name: 'Avaliações' })
    .click();
  await expect(page).toHaveURL(/\/admin\/avaliacoes$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Avaliações', level: 1 })).toBeVisible();
  await main.getByRole('button', { name: 'Aguardando' }).click();
  const card = main
    .getByRole('list', { name: 'Avaliações' })
    .getByRole('listitem')
    .filter({ hasText: order.order_number });
  await expect(card).toContainText('Aguardando moderação');
  await expect(card).toContainText('Ana');
  await expect(card).toContainText(variantLabel);
  await expect(card.getByRole('img', { name: 'Nota 5 de 5' })).toBeVisible();
  await card
    .getByLabel('Resposta pública da loja (opcional)')
    .fill('Obrigada, Ana! Que bom que a argola ficou confortável.');
  await screenshots(page, 'admin-reviews');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhone(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Publicar' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notificações' })
      .getByText('Avaliação publicada na página do produto.'),
  ).toBeVisible();
  // Published, it leaves the 'Aguardando' list.
  await expect(card).toBeHidden();

  // The product page shows it at once, rendered by the server, with the rating by the title.
  const { html, product } = await productJsonLd(request, ring.id);
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('Linda e leve, não pesa nada! Comprem em');
  expect(root).toContain('Obrigada, Ana! Que bom que a argola ficou confortável.');
  expect(root).not.toContain('Souza');
  expect(product).toMatchObject({
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: 5,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    },
    review: [
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Ana' },
        reviewBody: 'Linda e leve, não pesa nada! Comprem em',
        reviewRating: { '@type': 'Rating', ratingValue: 5 },
      },
    ],
  });

  await page.goto(`/produto/${ring.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: productTitle(ring.name) }),
  ).toBeVisible();
  const summary = page.getByRole('link', { name: /5,0 \(1 avaliação\)/ });
  await expect(summary).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Avaliações' });
  await expect(reviews.getByText('Compra verificada')).toBeVisible();
  await expect(reviews.getByText('Ana', { exact: true })).toBeVisible();
  await expect(reviews.getByText(variantLabel, { exact: false })).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Foto enviada por Ana' })).toBeVisible();
  await expect(reviews.getByText('Resposta da loja')).toBeVisible();
  await screenshots(page, 'product-rating', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await summary.click();
  await expect(reviews).toBeInViewport();
  await screenshots(page, 'product-reviews', {
    fullPage: false,
    before: () => reviews.scrollIntoViewIfNeeded(),
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhone(page);
});
