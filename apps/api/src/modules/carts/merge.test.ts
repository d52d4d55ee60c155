import { randomUUID } from 'node:crypto';
import type { CartJson } from '@lumina/shared/cart/cart-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { registerUser, type SessionJson, TEST_PASSWORD } from '../../test/accounts.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser } from '../../test/user-builder.ts';

let ctx: TestContext;
let ring: number; // sizes 8 mm and 10 mm, 5 units each
let stud: number; // stock 100
let gone: number; // deactivated after the visitor added it

beforeAll(async () => {
  ctx = await createTestContext();
  [ring, stud, gone] = (await insertProducts(ctx.database.db, [
    createProduct({
      name: 'Argola Lua',
      options: [{ name: 'Tamanho', values: ['8 mm', '10 mm'] }],
      variants: [
        { sku: 'LUA-8', option_values: { Tamanho: '8 mm' }, stock_quantity: 5 },
        { sku: 'LUA-10', option_values: { Tamanho: '10 mm' }, stock_quantity: 5 },
      ],
    }),
    createProduct({ name: 'Labret Sol', stock_quantity: 100 }),
    createProduct({ name: 'Some', stock_quantity: 7 }),
  ])) as [number, number, number];
});

afterAll(async () => {
  await ctx?.close();
});

function anonymousAdd(sessionId: string, productId: number, quantity: number, size?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/anonymous_carts/add_item',
    headers: { 'x-session-id': sessionId },
    payload: { product_id: productId, quantity, size },
  });
}

async function anonymousCart(sessionId: string): Promise<CartJson> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/anonymous_carts',
    headers: { 'x-session-id': sessionId },
  });
  return response.json<{ cart: CartJson }>().cart;
}

async function userCart(accessToken: string): Promise<CartJson> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/carts/current',
    headers: bearerHeader(accessToken),
  });
  return response.json<{ cart: CartJson }>().cart;
}

async function login(email: string, sessionId?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: sessionId === undefined ? {} : { 'x-session-id': sessionId },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SessionJson>();
}

function quantities(cart: CartJson): Record<string, number> {
  return Object.fromEntries(
    cart.items.map((line) => [`${line.product_id}:${line.size ?? ''}`, line.quantity]),
  );
}

describe('merge on login', () => {
  it('moves the anonymous lines into the user cart, adding to overlapping lines clamped to stock', async () => {
    const user = await createUser(ctx.database, { password: TEST_PASSWORD });
    const before = await login(user.email);
    expect(before).toMatchObject({ cart_migrated: false, cart_items_count: 0 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: bearerHeader(before.access_token),
      payload: { product_id: ring, quantity: 4, variation_details: { size: '8 mm' } },
    });

    const sessionId = randomUUID();
    await anonymousAdd(sessionId, ring, 2, '8 mm');
    await anonymousAdd(sessionId, ring, 1, '10 mm');
    await anonymousAdd(sessionId, stud, 3);
    await anonymousAdd(sessionId, gone, 1);
    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, gone));

    const answer = await login(user.email, sessionId);
    expect(answer.cart_migrated).toBe(true);
    // Units moved: 2 + 1 of the ring, 3 studs; the deactivated product is dropped.
    expect(answer.cart_items_count).toBe(6);
    expect(quantities(await userCart(answer.access_token))).toEqual({
      [`${ring}:8 mm`]: 5,
      [`${ring}:10 mm`]: 1,
      [`${stud}:`]: 3,
    });
    expect((await anonymousCart(sessionId)).items).toEqual([]);

    const second = await login(user.email, sessionId);
    expect(second).toMatchObject({ cart_migrated: false, cart_items_count: 0 });
    expect((await userCart(second.access_token)).total_items).toBe(9);
  });

  it('moves nothing twice when two logins with one session id run at once', async () => {
    const user = await createUser(ctx.database, { password: TEST_PASSWORD });
    const sessionId = randomUUID();
    await anonymousAdd(sessionId, stud, 4);
    await anonymousAdd(sessionId, ring, 1, '8 mm');

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => login(user.email, sessionId)),
    );
    const migrated = answers.filter((answer) => answer.cart_migrated);
    expect(migrated).toHaveLength(1);
    expect(migrated[0]?.cart_items_count).toBe(5);
    const cart = await userCart(answers[0]!.access_token);
    expect(quantities(cart)).toEqual({ [`${stud}:`]: 4, [`${ring}:8 mm`]: 1 });
    expect((await anonymousCart(sessionId)).items).toEqual([]);
  });

  it('merges on register too', async () => {
    const sessionId = randomUUID();
    await anonymousAdd(sessionId, stud, 2);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'x-session-id': sessionId },
      payload: { user: registerUser() },
      remoteAddress: '198.51.100.77',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<SessionJson>();
    expect(body).toMatchObject({ cart_migrated: true, cart_items_count: 2 });
    expect((await userCart(body.access_token)).total_items).toBe(2);
  });

  it('logs in normally with a malformed or empty session id', async () => {
    const user = await createUser(ctx.database, { password: TEST_PASSWORD });
    expect(await login(user.email, 'not-a-uuid')).toMatchObject({ cart_migrated: false });
    expect(await login(user.email, randomUUID())).toMatchObject({
      cart_migrated: false,
      cart_items_count: 0,
    });
  });

  it('POST /anonymous_carts/migrate_to_user moves the lines once for the bearer', async () => {
    const user = await createUser(ctx.database, { password: TEST_PASSWORD });
    const session = await login(user.email);
    const sessionId = randomUUID();
    await anonymousAdd(sessionId, ring, 2, '10 mm');
    const migrate = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/anonymous_carts/migrate_to_user',
        headers: { 'x-session-id': sessionId, ...bearerHeader(session.access_token) },
      });
    const first = await migrate();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ cart_migrated: true, cart_items_count: 2 });
    expect(first.json<{ cart: CartJson }>().cart.total_items).toBe(2);
    expect((await migrate()).json()).toMatchObject({ cart_migrated: false, cart_items_count: 0 });

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/anonymous_carts/migrate_to_user',
      headers: { 'x-session-id': sessionId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
