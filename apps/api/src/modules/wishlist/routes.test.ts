import type { WishlistItemJson } from '@lumina/shared/cart/cart-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson } from '../../test/accounts.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';

let ctx: TestContext;
let first: number;
let second: number;
let withOptions: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [first, second, withOptions] = (await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Lua', price_cents: 10000, pix_price_cents: 8500 }),
    createProduct({ name: 'Labret Sol', price_cents: 5000 }),
    createProduct({
      name: 'Clicker Estrela',
      options: [{ name: 'Diâmetro', values: ['8 mm', '10 mm'] }],
      variants: [
        { sku: 'EST-8', option_values: { Diâmetro: '8 mm' }, stock_quantity: 3 },
        { sku: 'EST-10', option_values: { Diâmetro: '10 mm' }, stock_quantity: 3 },
      ],
    }),
  ])) as [number, number, number];
});

afterAll(async () => {
  await ctx?.close();
});

async function userHeaders() {
  const user = await createUser(ctx.database);
  return bearerHeader((await signIn(ctx.app, user)).access_token);
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) {
  return ctx.app.inject({ method, url: `/api${url}`, headers: { ...headers }, payload });
}

async function items(headers: object): Promise<WishlistItemJson[]> {
  const response = await call('GET', '/wishlist', headers);
  return response.json<{ wishlist: { items: WishlistItemJson[] } }>().wishlist.items;
}

describe('wishlist', () => {
  it('needs a login for every call', async () => {
    for (const [method, url] of [
      ['GET', '/wishlist'],
      ['POST', '/wishlist'],
      ['DELETE', '/wishlist/1'],
    ] as const) {
      const response = await call(
        method,
        url,
        {},
        method === 'POST' ? { product_id: first } : undefined,
      );
      expect(response.statusCode).toBe(401);
    }
  });

  it('adds, refuses a duplicate with the spec message, lists newest first and removes', async () => {
    const headers = await userHeaders();
    expect(await items(headers)).toEqual([]);

    const added = await call('POST', '/wishlist', headers, { product_id: first });
    expect(added.statusCode).toBe(201);
    const item = added.json<{ item: WishlistItemJson }>().item;
    expect(item).toMatchObject({
      product_id: first,
      name: 'Argola Lua',
      price: 100,
      pix_price: 85,
      active: true,
      has_options: false,
    });
    expect(new Date(item.added_at).toString()).not.toBe('Invalid Date');

    const duplicate = await call('POST', '/wishlist', headers, { product_id: first });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorJson>().message).toBe('Produto já está na lista de desejos');

    await call('POST', '/wishlist', headers, { product_id: second });
    expect((await items(headers)).map((entry) => entry.product_id)).toEqual([second, first]);

    const removed = await call('DELETE', `/wishlist/${item.id}`, headers);
    expect(removed.json()).toEqual({ success: true });
    expect((await items(headers)).map((entry) => entry.product_id)).toEqual([second]);
  });

  it('says when the product has options (its variant is chosen on its page)', async () => {
    const headers = await userHeaders();
    const added = await call('POST', '/wishlist', headers, { product_id: withOptions });
    expect(added.json<{ item: WishlistItemJson }>().item).toMatchObject({
      product_id: withOptions,
      has_options: true,
    });
    expect(await items(headers)).toEqual([expect.objectContaining({ has_options: true })]);
  });

  it("answers 404 for another user's item and for unknown products", async () => {
    const owner = await userHeaders();
    const intruder = await userHeaders();
    const item = (await call('POST', '/wishlist', owner, { product_id: first })).json<{
      item: WishlistItemJson;
    }>().item;
    expect((await call('DELETE', `/wishlist/${item.id}`, intruder)).statusCode).toBe(404);
    expect(await items(owner)).toHaveLength(1);
    expect(await items(intruder)).toEqual([]);

    const unknown = await call('POST', '/wishlist', owner, { product_id: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorJson>().message).toBe('Produto não encontrado');
  });

  it.each([{ product_id: 'abc' }, { product_id: -1 }, { product_id: 1.5 }, {}])(
    'refuses %j with a pt-BR 422',
    async (payload) => {
      const response = await call('POST', '/wishlist', await userHeaders(), payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorJson>().message).toBe('Produto inválido');
    },
  );

  it('adds one item when the same product is posted twice at once', async () => {
    const headers = await userHeaders();
    const answers = await Promise.all([
      call('POST', '/wishlist', headers, { product_id: second }),
      call('POST', '/wishlist', headers, { product_id: second }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await items(headers)).toHaveLength(1);
  });
});
