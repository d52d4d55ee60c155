// The shop's money rules come from its settings: a save changes every price and total the server
// computes at once (product JSON, cart, order, free PAC), the catalogue's cached answers included.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CartJson } from '@lumina/shared/cart/cart-schemas';
import type { ProductResponse } from '@lumina/shared/catalog/product';
import type { CartShippingResponse } from '@lumina/shared/shipping/shipping-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, checkoutBody, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import type { OrderJson } from '../orders/order-json.ts';

/** The build's index.html as far as the head goes: the server writes each page's head in it. */
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Loja</title><meta name="description" content="Joias para piercing." /></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let dist: string;
let adminHeaders: Record<string, string>;
let ring: number; // R$ 200,00, no PIX price of its own
let star: number; // R$ 100,00 with its own PIX price R$ 88,00

beforeAll(async () => {
  // A catalogue cache that outlives the test: only the settings' change may refresh it.
  dist = mkdtempSync(join(tmpdir(), 'lumina-money-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ catalogCacheTtlMs: 600_000, env: { WEB_DIST_DIR: dist } });
  const admin = await createUser(ctx.database, { role: 'admin' });
  adminHeaders = bearerHeader((await signIn(ctx.app, admin)).access_token);
  [ring, star] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 20000, stock_quantity: 50 }),
    createProduct({
      name: 'Piercing Estrela',
      price_cents: 10000,
      pix_price_cents: 8800,
      stock_quantity: 50,
    }),
  ])) as [number, number];
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function pageDescription(url: string) {
  const page = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  return {
    html: page.body,
    description: /name="description"\s+content="([^"]*)"/.exec(page.body)?.[1],
  };
}

async function saveRules(rules: {
  pix_discount_percent: number;
  free_shipping_threshold: unknown;
}) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: adminHeaders,
    payload: { settings: createSettingsBody(rules) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function productPix(id: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode).toBe(200);
  const { product } = response.json<ProductResponse>();
  return [product.pix_final_price_cents, product.pix_final_price];
}

async function cartOf(headers: Record<string, string>): Promise<CartJson> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/carts/current', headers });
  return response.json<{ cart: CartJson }>().cart;
}

async function pacQuote(headers: object) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/carts/calculate_shipping',
    headers: { ...headers },
    payload: { zip_code: '20040020', service: 'pac' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CartShippingResponse>().shipping;
}

describe('money rules from the store settings', () => {
  it('start at 5% off by PIX and free PAC from R$ 299,00', async () => {
    expect(await productPix(ring)).toEqual([19000, 190]);
    expect(await productPix(star)).toEqual([8800, 88]);
    const { headers } = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, headers, star, 2);
    // R$ 200,00 at regular prices: under R$ 299,00.
    expect((await pacQuote(headers)).cost_cents).toBeGreaterThan(0);
  });

  it('follow a save at once: 10% and free PAC from R$ 150,00 (the cached product answer too)', async () => {
    // Read once more, so the catalogue's cache holds the 5% answer.
    expect(await productPix(ring)).toEqual([19000, 190]);
    await saveRules({ pix_discount_percent: 10, free_shipping_threshold: '150,00' });

    expect(await productPix(ring)).toEqual([18000, 180]);
    // A product's own PIX price stays what the owner set.
    expect(await productPix(star)).toEqual([8800, 88]);

    const { headers } = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, headers, ring, 1);
    await addToCart(ctx.app, headers, star, 1);
    const cart = await cartOf(headers);
    expect(cart.items.map((item) => [item.product_id, item.pix_price])).toEqual([
      [ring, 180],
      [star, 88],
    ]);
    expect(cart.total_cents).toBe(30000);

    const pac = await pacQuote(headers);
    expect(pac.cost_cents).toBe(0);
    expect(pac.description).toBe(
      'Frete grátis pelos Correios (PAC) em compras a partir de R$ 150,00',
    );

    const response = await placeOrder(ctx.app, headers, checkoutBody());
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json<{ order: OrderJson }>();
    expect(order.items.map((item) => item.unit_price_cents)).toEqual([18000, 8800]);
    expect(order.subtotal_cents).toBe(26800);
    expect(order.shipping_cost_cents).toBe(0);
    expect(order.total_cents).toBe(26800);
  });

  it('with 0% and no threshold: no PIX discount and nothing ships free', async () => {
    await saveRules({ pix_discount_percent: 0, free_shipping_threshold: null });
    expect(await productPix(ring)).toEqual([20000, 200]);

    const { headers } = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, headers, ring, 5);
    expect((await cartOf(headers)).items[0]?.pix_price).toBe(200);
    const pac = await pacQuote(headers);
    expect(pac.cost_cents).toBeGreaterThan(0);
    expect(pac.description).not.toMatch(/grátis/i);

    const { order } = (await placeOrder(ctx.app, headers, checkoutBody())).json<{
      order: OrderJson;
    }>();
    expect(order.subtotal_cents).toBe(100000);
    expect(order.shipping_cost_cents).toBeGreaterThan(0);
    expect(order.total_cents).toBe(100000 + order.shipping_cost_cents);
  });

  it('say the rules in the pages the server renders', async () => {
    await saveRules({ pix_discount_percent: 10, free_shipping_threshold: '150,00' });
    const home = await pageDescription('/');
    expect(home.description).toBe(
      'Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo. 10% de desconto no PIX e frete grátis a partir de R$ 150.',
    );
    // JSON-LD and the preview at R$ 180,00 (10% off R$ 200,00).
    const product = await pageDescription(`/produto/${ring}`);
    expect(product.html).toContain('"price":"180.00"');
    expect(product.description).toContain('R$ 180,00 no PIX');

    await saveRules({ pix_discount_percent: 0, free_shipping_threshold: null });
    expect((await pageDescription('/')).description).toBe(
      'Joias para piercing de orelha, boca, nariz, sobrancelha, umbigo e mamilo.',
    );
    expect((await pageDescription('/categorias?categoria=orelha')).description).not.toMatch(
      /desconto|grátis/,
    );
  });
});
