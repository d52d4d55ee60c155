// Two API processes on one PostgreSQL: a product change made through one shows in the other's
// storefront answers at once, not when its catalogue cache (5 s) happens to expire. Runs only in
// `npm run test:pg`: PGlite is one process's database.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../../db/database.ts';
import { TEST_PASSWORD } from '../../../test/accounts.ts';
import {
  type ApiProcess,
  callApi,
  createDatabaseFromTemplate,
  STARTUP_TIMEOUT_MS,
  startApi,
  stopAllApis,
} from '../../../test/api-process.ts';
import { createProduct, insertProducts } from '../../../test/product-builder.ts';
import { createUser } from '../../../test/user-builder.ts';

const template = inject('testDatabase');
/** The API's own catalogue cache lifetime: without the announcement, B would wait this long. */
const CACHE_TTL_MS = 5_000;

interface ProductAnswer {
  product: { name: string; price_cents: number };
}

describe.skipIf(template.driver !== 'postgres')('catalogue changes across processes', () => {
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ApiProcess;
  let b: ApiProcess;
  let admin: Record<string, string> = {};
  let productId = 0;

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_catalog_notify',
    );
    dropDatabase = created.drop;
    database = openPostgres(created.url, { poolMax: 2 });
    [productId] = (await insertProducts(database.db, [
      createProduct({ name: 'Argola Antiga', price_cents: 5000, sku: 'ARG-ANTIGA' }),
    ])) as [number];
    const user = await createUser(database, {
      role: 'admin',
      email: 'dona@example.com',
      password: TEST_PASSWORD,
    });
    expect(user.role).toBe('admin');
    [a, b] = await Promise.all([startApi(created.url), startApi(created.url)]);
    const login = await callApi(a, 'POST', '/api/auth/login', {
      body: { email: 'dona@example.com', password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    admin = { authorization: `Bearer ${String(login.json.access_token)}` };
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopAllApis();
    await database?.close();
    await dropDatabase?.();
  }, 60_000);

  async function readOn(api: ApiProcess, path: string) {
    return callApi(api, 'GET', path);
  }

  /** Polls `check` on B until it holds; answers how long after `since` it did. */
  async function seenOnB(check: () => Promise<boolean>, since: number): Promise<number> {
    while (!(await check())) {
      if (Date.now() - since > 2 * CACHE_TTL_MS) throw new Error('never seen on B');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - since;
  }

  it('an edit on A shows on B at once', async () => {
    // B renders and caches the product and the list.
    const filledAt = Date.now();
    expect(
      ((await readOn(b, `/api/products/${productId}`)).json as unknown as ProductAnswer).product
        .name,
    ).toBe('Argola Antiga');
    await readOn(b, '/api/products?search=argola');

    const edited = await callApi(a, 'PUT', `/api/products/${productId}`, {
      headers: admin,
      body: {
        product: { name: 'Argola Nova', price: '42,00', category: 'orelha', sku: 'ARG-ANTIGA' },
      },
    });
    expect(edited.status).toBe(200);

    const after = await seenOnB(async () => {
      const answer = (await readOn(b, `/api/products/${productId}`))
        .json as unknown as ProductAnswer;
      return answer.product.name === 'Argola Nova' && answer.product.price_cents === 4200;
    }, filledAt);
    // Well before B's own cached answer would have expired.
    expect(after).toBeLessThan(CACHE_TTL_MS - 1_000);
    const list = await readOn(b, '/api/products?search=argola');
    expect((list.json.products as { name: string }[]).map((p) => p.name)).toEqual(['Argola Nova']);
  });

  it('a product created or removed on A appears or disappears on B at once', async () => {
    const filledAt = Date.now();
    const listed = async () =>
      ((await readOn(b, '/api/products?search=brilho')).json.products as { id: number }[]).map(
        (p) => p.id,
      );
    expect(await listed()).toEqual([]);
    const created = await callApi(a, 'POST', '/api/products', {
      headers: admin,
      body: { product: { name: 'Nostril Brilho', price: '30', category: 'nariz' } },
    });
    expect(created.status).toBe(201);
    const id = (created.json as unknown as { product: { id: number } }).product.id;
    expect(await seenOnB(async () => (await listed()).includes(id), filledAt)).toBeLessThan(
      CACHE_TTL_MS - 1_000,
    );

    const removedAt = Date.now();
    expect((await callApi(a, 'DELETE', `/api/products/${id}`, { headers: admin })).status).toBe(
      200,
    );
    expect(await seenOnB(async () => (await listed()).length === 0, removedAt)).toBeLessThan(
      CACHE_TTL_MS - 1_000,
    );
  });
});
