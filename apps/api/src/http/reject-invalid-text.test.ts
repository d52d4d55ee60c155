import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, checkoutBody, placeOrder, shopper } from '../test/checkout.ts';
import { createProduct, insertProducts } from '../test/product-builder.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../test/user-builder.ts';

/** "\udfff" as a JSON string carries it: half a surrogate pair, not a character. */
const LONE = '\udfff';

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, user)).access_token);
});

afterAll(async () => {
  await ctx?.close();
});

/** Every route of the API that takes a body, from the OpenAPI description the app publishes. */
function routesWithBodies(): { method: string; url: string }[] {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
      })),
  );
}

describe('text that is not valid Unicode', () => {
  it('is refused with 422 on every route that takes a body', async () => {
    const routes = routesWithBodies();
    expect(routes.length).toBeGreaterThan(25);
    const answers: string[] = [];
    for (const { method, url } of routes) {
      const response = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { ...admin, 'x-session-id': '3f0c6f4e-1f5b-4a43-9d1e-6c3f1f9a7b21' },
        payload: { name: `Ana${LONE}`, order: { customer_street: LONE }, [`k${LONE}`]: 'x' },
      });
      answers.push(
        `${method} ${url} ${response.statusCode} ${response.json<{ code?: string }>().code}`,
      );
    }
    for (const answer of answers) expect(answer).toMatch(/ 422 invalid_text$/);
  });

  it('never reaches the database: the cart options and the order address of the report', async () => {
    const [productId] = (await insertProducts(ctx.database.db, [
      createProduct({ name: 'Argola Lua', stock_quantity: 5 }),
    ])) as [number];
    const buyer = await shopper(ctx.app, ctx.database);
    for (const option of ['size', 'measure', 'color']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/carts/items',
        headers: buyer.headers,
        payload: { product_id: productId, quantity: 1, [option]: `8mm${LONE}` },
      });
      expect(response.statusCode, option).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'invalid_text',
        message:
          'O texto enviado contém caracteres inválidos. Apague o caractere estranho e tente de novo.',
      });
    }
    await addToCart(ctx.app, buyer.headers, productId, 1);
    for (const field of ['customer_street', 'customer_complement', 'notes']) {
      const response = await placeOrder(ctx.app, buyer.headers, checkoutBody({ [field]: LONE }));
      expect(response.statusCode, field).toBe(422);
    }
    // A well-formed pair (an emoji) is text like any other.
    const fine = await placeOrder(ctx.app, buyer.headers, checkoutBody({ notes: 'Rosa 🌸' }));
    expect(fine.statusCode).toBe(201);
  });

  it('keeps refusing NUL characters with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ana\u0000', email: 'ana@example.com', message: 'Oi' },
    });
    expect(response.statusCode).toBe(400);
  });
});
