import { randomUUID } from 'node:crypto';
import { type CartJson, MAX_CART_LINES } from '@lumina/shared/cart/cart-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let ring: number; // price 49,90, stock 5
let pixRing: number; // price 100,00, PIX 90,00, stock 3
let inactive: number;
let soldOut: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [ring, pixRing, inactive, soldOut] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 4990, stock_quantity: 5 }),
    createProduct({
      name: 'Piercing Estrela',
      price_cents: 10000,
      pix_price_cents: 9000,
      stock_quantity: 3,
    }),
    createProduct({ name: 'Inativo', active: false }),
    createProduct({ name: 'Esgotado', stock_quantity: 0 }),
  ])) as [number, number, number, number];
});

afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function userHeaders() {
  const user = await createUser(ctx.database);
  const session = await signIn(ctx.app, user);
  return bearerHeader(session.access_token);
}

function send(method: Method, url: string, headers: Record<string, string>, payload?: unknown) {
  return ctx.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
}

describe('user cart', () => {
  it('needs a login', async () => {
    const response = await send('GET', '/carts/current', {});
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorJson>().message).toBe('Usuário não autenticado');
  });

  it('starts empty, merges repeated adds of one variant into one line and prices from the product', async () => {
    const headers = await userHeaders();
    const empty = await send('GET', '/carts/current', headers);
    const nothing = {
      subtotal_cents: 0,
      promotion_discount_cents: 0,
      coupon_discount_cents: 0,
      total_cents: 0,
    };
    expect(empty.json<{ cart: CartJson }>().cart).toEqual({
      items: [],
      total: 0,
      total_price: 0,
      total_cents: 0,
      total_items: 0,
      coupon: null,
      coupon_notice: null,
      promotions: [],
      pricing: { pix: nothing, list: nothing },
    });

    const variation = { size: '8 mm', measure: '1,2 mm' };
    const first = await send('POST', '/carts/items', headers, {
      product_id: ring,
      quantity: 1,
      variation_details: variation,
      price: 0.01,
    });
    expect(first.statusCode).toBe(201);
    const second = await send('POST', '/carts/items', headers, {
      product_id: ring,
      quantity: 2,
      variation_details: { measure: '1,2 mm', size: '8 mm' },
    });
    const { cart, item } = second.json<{ cart: CartJson; item: CartJson['items'][number] }>();
    expect(cart.items).toHaveLength(1);
    expect(item).toMatchObject({
      product_id: ring,
      product_name: 'Argola Lua',
      name: 'Argola Lua',
      quantity: 3,
      price: 49.9,
      price_cents: 4990,
      total: 149.7,
      total_cents: 14970,
      stock: 5,
      category: 'orelha',
      size: '8 mm',
      measure: '1,2 mm',
      variation_details: variation,
      available: true,
    });
    expect(item.image).toMatch(/\.svg$/);

    // The product has one variant: whatever the free details say, it is the same line.
    await send('POST', '/carts/items', headers, {
      product_id: ring,
      quantity: 1,
      variation_details: { size: '10 mm' },
    });
    await send('POST', '/carts/items', headers, { product_id: pixRing, quantity: 1 });
    const current = (await send('GET', '/carts/current', headers)).json<{ cart: CartJson }>().cart;
    expect(current.items).toHaveLength(2);
    expect(current.total_items).toBe(5);
    expect(current.total_cents).toBe(4 * 4990 + 10000);
    expect(current.total).toBe((4 * 4990 + 10000) / 100);
    expect(current.items[1]?.pix_price).toBe(90);
  });

  it('sells each variant as its own line, with its own SKU, price and stock', async () => {
    const [clicker, other] = await insertProducts(ctx.database.db, [
      createProduct({
        name: 'Clicker Variantes',
        sku: 'CLK-V',
        price_cents: 5000,
        options: [{ name: 'Diâmetro', values: ['8 mm', '10 mm'] }],
        variants: [
          { sku: 'CLK-V-8', option_values: { Diâmetro: '8 mm' }, stock_quantity: 1 },
          {
            sku: 'CLK-V-10',
            option_values: { Diâmetro: '10 mm' },
            stock_quantity: 4,
            price_cents: 6000,
          },
        ],
      }),
      createProduct({ name: 'Outra' }),
    ]);
    const product = (await send('GET', `/products/${clicker}`, {})).json<{
      product: { variants: { id: number; sku: string }[]; sizes: string[] };
    }>().product;
    expect(product.sizes).toEqual(['8 mm', '10 mm']);
    const [eight, ten] = product.variants.map((variant) => variant.id) as [number, number];
    const headers = await userHeaders();

    const unchosen = await send('POST', '/carts/items', headers, { product_id: clicker });
    expect(unchosen.statusCode).toBe(422);
    expect(unchosen.json<ErrorJson>().message).toBe('Selecione as opções do produto');
    const foreign = await send('POST', '/carts/items', headers, {
      product_id: other,
      variant_id: eight,
    });
    expect(foreign.statusCode).toBe(404);

    const byId = await send('POST', '/carts/items', headers, {
      product_id: clicker,
      variant_id: eight,
    });
    expect(byId.statusCode).toBe(201);
    // A spec client naming the size finds the same variant, whose stock is 1.
    const bySize = await send('POST', '/carts/items', headers, {
      product_id: clicker,
      variation_details: { size: '8 mm' },
    });
    expect(bySize.json<ErrorJson>().message).toBe(
      'Quantidade solicitada (2) excede o estoque disponível (1 unidades)',
    );
    const added = await send('POST', '/carts/items', headers, {
      product_id: clicker,
      variant_id: ten,
      quantity: 4,
    });
    const cart = added.json<{ cart: CartJson }>().cart;
    expect(
      cart.items.map((item) => [item.sku, item.quantity, item.price_cents, item.stock]),
    ).toEqual([
      ['CLK-V-8', 1, 5000, 1],
      ['CLK-V-10', 4, 6000, 4],
    ]);
    expect(cart.items[1]).toMatchObject({
      variant_id: ten,
      option_values: { Diâmetro: '10 mm' },
      size: '10 mm',
    });
  });

  it('refuses more than the stock with the spec message and leaves the cart unchanged', async () => {
    const headers = await userHeaders();
    await send('POST', '/carts/items', headers, { product_id: ring, quantity: 4 });
    const response = await send('POST', '/carts/items', headers, { product_id: ring, quantity: 2 });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>()).toMatchObject({
      code: 'insufficient_stock',
      message: 'Quantidade solicitada (6) excede o estoque disponível (5 unidades)',
    });
    const fresh = await send('POST', '/carts/items', headers, { product_id: pixRing, quantity: 9 });
    expect(fresh.json<ErrorJson>().message).toBe(
      'Quantidade solicitada (9) excede o estoque disponível (3 unidades)',
    );
    const cart = (await send('GET', '/carts/current', headers)).json<{ cart: CartJson }>().cart;
    expect(cart.items.map((line) => line.quantity)).toEqual([4]);
  });

  it('refuses unknown, inactive and sold-out products', async () => {
    const headers = await userHeaders();
    const unknown = await send('POST', '/carts/items', headers, {
      product_id: 999999,
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorJson>().message).toBe('Produto não encontrado');
    const off = await send('POST', '/carts/items', headers, { product_id: inactive, quantity: 1 });
    expect(off.statusCode).toBe(422);
    expect(off.json<ErrorJson>()).toMatchObject({
      code: 'product_unavailable',
      message: 'Produto indisponível',
    });
    const none = await send('POST', '/carts/items', headers, { product_id: soldOut, quantity: 1 });
    expect(none.statusCode).toBe(422);
    expect(none.json<ErrorJson>().code).toBe('insufficient_stock');
  });

  it('sells a line no more than the stock when adds for it arrive at once', async () => {
    const headers = await userHeaders();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        send('POST', '/carts/items', headers, { product_id: ring, quantity: 1 }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 422, 422, 422]);
    const cart = (await send('GET', '/carts/current', headers)).json<{ cart: CartJson }>().cart;
    expect(cart.items.map((line) => line.quantity)).toEqual([5]);
  });

  it('refuses a line past the limit of different items, and still adds to a line it has', async () => {
    const headers = await userHeaders();
    const many = await insertProducts(
      ctx.database.db,
      Array.from({ length: MAX_CART_LINES }, () => createProduct()),
    );
    for (const id of many) {
      const added = await send('POST', '/carts/items', headers, { product_id: id, quantity: 1 });
      expect(added.statusCode).toBe(201);
    }
    const full = await send('POST', '/carts/items', headers, { product_id: pixRing, quantity: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorJson>()).toMatchObject({
      code: 'cart_full',
      message: 'Seu carrinho já tem o número máximo de itens diferentes.',
    });
    const more = await send('POST', '/carts/items', headers, {
      product_id: many[0],
      quantity: 1,
    });
    expect(more.statusCode).toBe(201);
  });

  it('updates, removes with a quantity of 0 or less, and clears', async () => {
    const headers = await userHeaders();
    const added = await send('POST', '/carts/items', headers, { product_id: ring, quantity: 1 });
    const lineId = added.json<{ item: { id: number } }>().item.id;
    await send('POST', '/carts/items', headers, { product_id: pixRing, quantity: 1 });

    const updated = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity: 5 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ cart: CartJson }>().cart.total_items).toBe(6);

    const tooMany = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity: 6 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<ErrorJson>().message).toBe(
      'Quantidade solicitada (6) excede o estoque disponível (5 unidades)',
    );

    const removed = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity: -3 });
    expect(removed.json<{ cart: CartJson }>().cart.items.map((line) => line.product_id)).toEqual([
      pixRing,
    ]);
    const again = await send('DELETE', `/carts/items/${lineId}`, headers);
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorJson>().message).toBe('Item não encontrado no carrinho');

    const cleared = await send('DELETE', '/carts/clear', headers);
    expect(cleared.json<{ cart: CartJson }>().cart.items).toEqual([]);
  });

  it("answers 404 for another user's line and leaves it alone", async () => {
    const owner = await userHeaders();
    const intruder = await userHeaders();
    const added = await send('POST', '/carts/items', owner, { product_id: ring, quantity: 2 });
    const lineId = added.json<{ item: { id: number } }>().item.id;
    for (const [method, payload] of [
      ['PATCH', { quantity: 1 }],
      ['PATCH', { quantity: 0 }],
      ['DELETE', undefined],
    ] as const) {
      const response = await send(method, `/carts/items/${lineId}`, intruder, payload);
      expect(response.statusCode).toBe(404);
    }
    const cart = (await send('GET', '/carts/current', owner)).json<{ cart: CartJson }>().cart;
    expect(cart.items[0]?.quantity).toBe(2);
  });

  it('shows a line whose product was deactivated as unavailable, and lets it only shrink', async () => {
    const [product] = (await insertProducts(ctx.database.db, [
      createProduct({ stock_quantity: 4 }),
    ])) as [number];
    const headers = await userHeaders();
    const added = await send('POST', '/carts/items', headers, { product_id: product, quantity: 2 });
    const lineId = added.json<{ item: { id: number } }>().item.id;
    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, product));
    const cart = (await send('GET', '/carts/current', headers)).json<{ cart: CartJson }>().cart;
    expect(cart.items[0]?.available).toBe(false);
    const grow = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity: 3 });
    expect(grow.json<ErrorJson>().code).toBe('product_unavailable');
    const shrink = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity: 1 });
    expect(shrink.statusCode).toBe(200);
  });
});

describe('anonymous cart', () => {
  const session = () => ({ 'x-session-id': randomUUID() });

  it('refuses a missing or malformed session id with a pt-BR 400', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-session-id': 'abc' },
      { 'x-session-id': `${randomUUID()}x` },
      { 'x-session-id': "1' or '1'='1" },
    ];
    for (const headers of attempts) {
      const response = await send('GET', '/anonymous_carts', headers);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorJson>().message).toBe(
        'Identificador de sessão inválido. Recarregue a página.',
      );
    }
    const add = await send(
      'POST',
      '/anonymous_carts/add_item',
      { 'x-session-id': 'nope' },
      { product_id: ring, quantity: 1 },
    );
    expect(add.statusCode).toBe(400);
  });

  it('adds with flat size and measure, updates, removes and clears by session', async () => {
    const headers = session();
    const empty = await send('GET', '/anonymous_carts', headers);
    expect(empty.json<{ cart: CartJson }>().cart.items).toEqual([]);

    const added = await send('POST', '/anonymous_carts/add_item', headers, {
      product_id: ring,
      quantity: 2,
      size: '8 mm',
      measure: '1,2 mm',
    });
    expect(added.statusCode).toBe(200);
    const { item } = added.json<{ item: CartJson['items'][number] }>();
    expect(item.variation_details).toEqual({ size: '8 mm', measure: '1,2 mm' });

    const repeat = await send('POST', '/anonymous_carts/add_item', headers, {
      product_id: ring,
      quantity: 1,
      size: '8 mm',
      measure: '1,2 mm',
    });
    expect(repeat.json<{ cart: CartJson }>().cart.items).toHaveLength(1);
    expect(repeat.json<{ cart: CartJson }>().cart.total_items).toBe(3);

    const updated = await send('PATCH', '/anonymous_carts/update_item', headers, {
      item_id: item.id,
      quantity: 1,
    });
    expect(updated.json<{ cart: CartJson }>().cart.total_items).toBe(1);

    // Another browser cannot see or touch this line.
    const other = session();
    expect(
      (await send('GET', '/anonymous_carts', other)).json<{ cart: CartJson }>().cart.items,
    ).toEqual([]);
    const foreign = await send('DELETE', '/anonymous_carts/remove_item', other, {
      item_id: item.id,
    });
    expect(foreign.statusCode).toBe(404);

    const zero = await send('PATCH', '/anonymous_carts/update_item', headers, {
      item_id: item.id,
      quantity: 0,
    });
    expect(zero.json<{ cart: CartJson }>().cart.items).toEqual([]);

    await send('POST', '/anonymous_carts/add_item', headers, { product_id: pixRing, quantity: 1 });
    const cleared = await send('DELETE', '/anonymous_carts/clear', headers);
    expect(cleared.json<{ cart: CartJson }>().cart.items).toEqual([]);
  });

  it('treats the session id case-insensitively', async () => {
    const id = randomUUID();
    await send(
      'POST',
      '/anonymous_carts/add_item',
      { 'x-session-id': id.toUpperCase() },
      { product_id: ring, quantity: 1 },
    );
    const cart = (await send('GET', '/anonymous_carts', { 'x-session-id': id })).json<{
      cart: CartJson;
    }>().cart;
    expect(cart.total_items).toBe(1);
  });
});

describe('bad input', () => {
  const cases: [string, unknown][] = [
    ['negative quantity', { product_id: 1, quantity: -1 }],
    ['zero quantity', { product_id: 1, quantity: 0 }],
    ['fractional quantity', { product_id: 1, quantity: 1.5 }],
    ['huge quantity', { product_id: 1, quantity: 1e12 }],
    ['string quantity', { product_id: 1, quantity: '2' }],
    ['string product id', { product_id: 'abc', quantity: 1 }],
    ['negative product id', { product_id: -4, quantity: 1 }],
    ['huge product id', { product_id: 2 ** 40, quantity: 1 }],
    ['too long colour', { product_id: 1, quantity: 1, color: 'x'.repeat(51) }],
    ['array body', [1, 2]],
  ];

  it.each(cases)(
    'anonymous add with %s answers 422 in pt-BR and changes nothing',
    async (_name, payload) => {
      const headers = { 'x-session-id': randomUUID() };
      const response = await send('POST', '/anonymous_carts/add_item', headers, payload);
      expect(response.statusCode).toBe(422);
      const body = response.json<ErrorJson>();
      expect(body.message).toMatch(/inválid|caracteres|Quantidade|Produto|objeto|esperado/i);
      expect(
        (await send('GET', '/anonymous_carts', headers)).json<{ cart: CartJson }>().cart.items,
      ).toEqual([]);
    },
  );

  it.each([
    ['fractional', 1.5],
    ['huge', 10_000],
    ['string', 'dois'],
    ['null', null],
  ])('a %s update quantity answers 422 and keeps the line', async (_name, quantity) => {
    const headers = await userHeaders();
    const added = await send('POST', '/carts/items', headers, { product_id: ring, quantity: 2 });
    const lineId = added.json<{ item: { id: number } }>().item.id;
    const response = await send('PATCH', `/carts/items/${lineId}`, headers, { quantity });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorJson>().message).toBe('Quantidade inválida');
    const cart = (await send('GET', '/carts/current', headers)).json<{ cart: CartJson }>().cart;
    expect(cart.items[0]?.quantity).toBe(2);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1%20or%201=1'])(
    'line id %s in the path answers 404',
    async (id) => {
      const headers = await userHeaders();
      const response = await send('DELETE', `/carts/items/${id}`, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorJson>().message).toBe('Item não encontrado no carrinho');
    },
  );
});
