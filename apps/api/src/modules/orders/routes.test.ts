import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/addresses.ts';
import { productVariants } from '../../db/schema/products.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import {
  addToCart as addToCartOf,
  checkoutBody,
  placeOrder as placeOrderOf,
  shopper as newShopper,
  stockOf,
} from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import type { OrderJson } from './order-json.ts';

let ctx: TestContext;
let ring: number; // 100,00, 5% PIX rule -> 95,00, stock 50
let star: number; // 200,00 with its own PIX price 180,00, stock 2

beforeAll(async () => {
  ctx = await createTestContext();
  [ring, star] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 10000, stock_quantity: 50 }),
    createProduct({
      name: 'Piercing Estrela',
      price_cents: 20000,
      pix_price_cents: 18000,
      stock_quantity: 2,
    }),
  ])) as [number, number];
});

afterAll(async () => {
  await ctx?.close();
});

// The shared checkout fixture, bound to this file's application.
const shopper = () => newShopper(ctx.app, ctx.database);
const addToCart = (headers: object, productId: number, quantity: number) =>
  addToCartOf(ctx.app, headers, productId, quantity);
const placeOrder = (headers: object, body: unknown = checkoutBody(), key?: string) =>
  placeOrderOf(ctx.app, headers, body, key);
const stock = (id: number) => stockOf(ctx.database, id);

describe('POST /api/orders', () => {
  it('charges PIX prices from the database, ignores sent prices, reserves stock and empties the cart', async () => {
    const { user, headers } = await shopper();
    await addToCart(headers, ring, 2);
    await addToCart(headers, star, 1);
    const before = { ring: await stock(ring), star: await stock(star) };
    const response = await placeOrder(
      headers,
      checkoutBody({ total: 0.01, items: [{ product_id: ring, price: 0.01, quantity: 99 }] }),
    );
    expect(response.statusCode).toBe(201);
    const { order } = response.json<{ order: OrderJson }>();
    expect(order.order_number).toMatch(/^LP\d{6}$/);
    expect(
      order.items.map((item) => [item.product_id, item.quantity, item.unit_price_cents]),
    ).toEqual([
      [ring, 2, 9500],
      [star, 1, 18000],
    ]);
    expect(order.subtotal_cents).toBe(37000);
    // The regular-price subtotal (400,00) reaches R$ 299: PAC is free.
    expect(order.shipping_cost_cents).toBe(0);
    expect(order.total_cents).toBe(37000);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      customer_phone: '11987654321',
    });
    expect(order.shipping_address).toBe(
      'Rua Augusta, 1500 - Consolação - São Paulo/SP - 01310-100',
    );
    expect(await stock(ring)).toBe(before.ring - 2);
    expect(await stock(star)).toBe(before.star - 1);

    const cart = await ctx.app.inject({ method: 'GET', url: '/api/carts/current', headers });
    expect(cart.json<{ cart: { items: unknown[] } }>().cart.items).toEqual([]);
    const book = await ctx.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, user.id));
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ zipCode: '01310100', isDefault: true });
  });

  it('charges shipping below the free threshold and keeps one address per identical submission', async () => {
    const { user, headers } = await shopper();
    await addToCart(headers, ring, 1);
    const first = (await placeOrder(headers, checkoutBody({ shipping_method: 'sedex' }))).json<{
      order: OrderJson;
    }>().order;
    expect(first.shipping_cost_cents).toBeGreaterThan(0);
    expect(first.total_cents).toBe(9500 + first.shipping_cost_cents);
    await addToCart(headers, ring, 1);
    expect((await placeOrder(headers)).statusCode).toBe(201);
    const book = await ctx.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, user.id));
    expect(book).toHaveLength(1);
  });

  it('returns the first order for a retried Idempotency-Key, also when both arrive at once', async () => {
    const { headers } = await shopper();
    await addToCart(headers, ring, 1);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      placeOrder(headers, checkoutBody(), key),
      placeOrder(headers, checkoutBody(), key),
    ]);
    const ids = [a, b].map((r) => r.json<{ order: OrderJson }>().order?.id);
    expect(ids[0]).toBe(ids[1]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const retry = await placeOrder(headers, checkoutBody(), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ order: OrderJson }>().order.id).toBe(ids[0]);
  });

  it('refuses the whole order, naming the product, when one line lacks stock', async () => {
    const [scarce] = (await insertProducts(ctx.database.db, [
      createProduct({ name: 'Septo Raro', stock_quantity: 3 }),
    ])) as [number];
    const { headers } = await shopper();
    await addToCart(headers, ring, 1);
    await addToCart(headers, scarce, 3);
    await ctx.database.db
      .update(productVariants)
      .set({ stockQuantity: 2 })
      .where(eq(productVariants.productId, scarce));
    const ringBefore = await stock(ring);
    const response = await placeOrder(headers);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toBe(
      'Estoque insuficiente para "Septo Raro": restam 2 unidades.',
    );
    expect(await stock(ring)).toBe(ringBefore);
    expect(await stock(scarce)).toBe(2);
  });

  it('validates the customer fields with the checkout rules, in order', async () => {
    const { headers } = await shopper();
    await addToCart(headers, ring, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_name: ' ' }, 'Por favor, preencha todos os campos obrigatórios'],
      [{ customer_email: 'ana@' }, 'Por favor, digite um email válido'],
      [{ customer_phone: '1234' }, 'Por favor, digite um telefone válido'],
      [{ customer_zip_code: '0131010' }, 'Por favor, digite um CEP válido'],
      [{ customer_state: 'São' }, 'Por favor, digite a sigla do estado com 2 letras (ex.: SP)'],
      [{ shipping_method: 'drone' }, 'Forma de envio inválida. Escolha PAC ou SEDEX.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await placeOrder(headers, checkoutBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json<ErrorJson>().message).toBe(message);
    }
    expect((await placeOrder(headers, 'x')).statusCode).toBeLessThan(500);
    expect((await placeOrder(headers, checkoutBody(), 'bad key!')).statusCode).toBe(400);
  });

  it('refuses an empty cart and anonymous callers', async () => {
    const { headers } = await shopper();
    const empty = await placeOrder(headers);
    expect(empty.statusCode).toBe(422);
    expect(empty.json<ErrorJson>().message).toBe(
      'Adicione itens ao carrinho para finalizar a compra',
    );
    expect((await placeOrder({})).statusCode).toBe(401);
  });
});

describe('reading orders', () => {
  it("answers the owner's order and 404 for anyone else's", async () => {
    const { headers } = await shopper();
    await addToCart(headers, ring, 1);
    const order = (await placeOrder(headers)).json<{ order: OrderJson }>().order;
    const own = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
    expect(own.json()).toMatchObject({
      id: order.id,
      status: 'pending',
      payment_status: 'pending',
      total: order.total,
      bling_id: null,
    });
    const other = await shopper();
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorJson>().message).toBe('Pedido não encontrado');
    for (const id of ['abc', '0', '99999999999']) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers })).statusCode,
      ).toBe(404);
    }
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/my_orders', headers });
    expect(mine.json<{ orders: OrderJson[] }>().orders.map((o) => o.id)).toEqual([order.id]);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/my_orders',
      headers: other.headers,
    });
    expect(theirs.json<{ orders: OrderJson[] }>().orders).toEqual([]);
  });

  it("trusts the role in the database, not the access token's role claim", async () => {
    const { headers } = await shopper();
    await addToCart(headers, ring, 1);
    const order = (await placeOrder(headers)).json<{ order: OrderJson }>().order;
    const other = await createUser(ctx.database);
    // A genuine token of a live session whose claim says admin for a customer account (what a
    // demoted administrator holds until the token expires, or what a leaked secret could mint).
    const claimed = await signIn(ctx.app, { id: other.id, role: 'admin' });
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: bearerHeader(claimed.access_token),
    });
    expect(foreign.statusCode).toBe(404);

    const admin = await createUser(ctx.database, { role: 'admin' });
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: bearerHeader(
        (await signIn(ctx.app, { id: admin.id, role: 'customer' })).access_token,
      ),
    });
    expect(staff.statusCode).toBe(200);

    // Staff whose role does not work the orders (the catalogue clerk) read only their own.
    const clerk = await createUser(ctx.database, { role: 'admin', staffRole: 'catalogue' });
    const clerkView = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: bearerHeader((await signIn(ctx.app, { id: clerk.id, role: 'admin' })).access_token),
    });
    expect(clerkView.statusCode).toBe(404);
  });
});

describe('concurrent buyers', () => {
  it('sells the last units once: 12 buyers, 5 units, 5 orders, stock 0', async () => {
    const [last] = (await insertProducts(ctx.database.db, [
      createProduct({ name: 'Últimas', stock_quantity: 5 }),
    ])) as [number];
    const buyers = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    for (const buyer of buyers) await addToCart(buyer.headers, last, 1);
    const answers = await Promise.all(buyers.map((buyer) => placeOrder(buyer.headers)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(7);
    expect(await stock(last)).toBe(0);
  });
});
