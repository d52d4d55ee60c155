import type { AdminProductListResponse } from '@lumina/shared/admin/admin-products';
import type { AdminStats } from '@lumina/shared/admin/admin-stats';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders.ts';
import type { ErrorJson } from '../../../test/accounts.ts';
import { addToCart, placeOrder, shopper } from '../../../test/checkout.ts';
import { createProduct, insertProducts, setBlingLink } from '../../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../../test/user-builder.ts';

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

function get(url: string, headers: Record<string, string> = admin) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe('admin catalogue reads: who may call them', () => {
  it('answers 401 to visitors and 403 to customers', async () => {
    const customer = await shopper(ctx.app, ctx.database);
    for (const url of ['/api/admin/stats', '/api/admin/products']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const refused = await get(url, customer.headers);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).not.toHaveProperty('products');
    }
  });
});

describe('GET /api/admin/stats', () => {
  it('counts products, orders, revenue and customers', async () => {
    const before = (await get('/api/admin/stats')).json<AdminStats>();
    const ids = (await insertProducts(ctx.database.db, [
      createProduct({ name: 'Stats Ativo', stock_quantity: 20, price_cents: 10_000 }),
      createProduct({ name: 'Stats Inativo', active: false }),
      createProduct({ name: 'Stats Esgotado', stock_quantity: 0 }),
      createProduct({ name: 'Stats Bling' }),
    ])) as [number, number, number, number];
    await setBlingLink(ctx.database.db, [ids[3]], { blingId: 'bling-stats-1' });
    await setBlingLink(ctx.database.db, [ids[0]], { syncStatus: 'pending' });
    await setBlingLink(ctx.database.db, [ids[1]], { syncStatus: 'failed', syncError: 'HTTP 500' });

    // Two orders today: one left unpaid, one paid (9.500 + shipping).
    const unpaid = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, unpaid.headers, ids[0], 1);
    expect((await placeOrder(ctx.app, unpaid.headers)).statusCode).toBe(201);
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, ids[0], 2);
    const placed = await placeOrder(ctx.app, buyer.headers);
    const paid = placed.json<{ order: { id: number; total_cents: number } }>().order;
    await ctx.database.db
      .update(orders)
      .set({ status: 'processing', paymentStatus: 'approved', paidAt: sql`now()` })
      .where(inArray(orders.id, [paid.id]));

    const after = (await get('/api/admin/stats')).json<AdminStats>();
    expect(after.products).toEqual({
      total: before.products.total + 4,
      active: before.products.active + 3,
      inactive: before.products.inactive + 1,
      out_of_stock: before.products.out_of_stock + 1,
      from_bling: before.products.from_bling + 1,
      pending: before.products.pending + 1,
      failed: before.products.failed + 1,
    });
    expect(after.orders.today).toBe(before.orders.today + 2);
    expect(after.orders.awaiting_payment).toBe(before.orders.awaiting_payment + 1);
    expect(after.orders.paid_not_shipped).toBe(before.orders.paid_not_shipped + 1);
    const added = paid.total_cents / 100;
    expect(after.orders.revenue.today).toBeCloseTo(before.orders.revenue.today + added, 2);
    expect(after.orders.revenue.last_7_days).toBeCloseTo(
      before.orders.revenue.last_7_days + added,
      2,
    );
    expect(after.orders.revenue.last_30_days).toBeCloseTo(
      before.orders.revenue.last_30_days + added,
      2,
    );
    expect(after.customers.total).toBe(before.customers.total + 2);
    expect(after.customers.new_last_7_days).toBe(before.customers.new_last_7_days + 2);
  });
});

describe('GET /api/admin/products', () => {
  let ids: number[] = [];

  beforeAll(async () => {
    ids = await insertProducts(
      ctx.database.db,
      Array.from({ length: 12 }, (_, index) =>
        createProduct({
          name: `Zíper Lista ${String(index).padStart(2, '0')}`,
          sku: `LISTA-${index}`,
          price_cents: 1000 + index * 100,
          category: index % 2 === 0 ? 'nariz' : 'boca',
          active: index !== 3,
          display_status: index === 4 ? 'hidden' : 'visible',
        }),
      ),
    );
    for (const index of [0, 1]) {
      await setBlingLink(ctx.database.db, [ids[index]!], { blingId: `bling-lista-${index}` });
    }
    await setBlingLink(ctx.database.db, [ids[5]!, ids[6]!], { syncStatus: 'pending' });
    await setBlingLink(ctx.database.db, [ids[7]!], {
      syncStatus: 'failed',
      syncError: 'Bling: HTTP 500',
    });
    // Still local: a link row with no Bling id, synced or with no state at all.
    await setBlingLink(ctx.database.db, [ids[8]!], { syncStatus: 'synced' });
    await setBlingLink(ctx.database.db, [ids[9]!], { syncStatus: null });
  });

  const list = async (query: string) => {
    const response = await get(`/api/admin/products?${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json<AdminProductListResponse>();
  };

  it('searches name or SKU, any case and accent, 10 a page with the total', async () => {
    const first = await list('q=ziper lista&sort=name&direction=asc');
    expect(first).toMatchObject({ total: 12, page: 1, per_page: 10, total_pages: 2 });
    expect(first.products.map((row) => row.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Zíper Lista ${String(index).padStart(2, '0')}`),
    );
    const second = await list('q=ziper lista&sort=name&direction=asc&page=2');
    expect(second.products.map((row) => row.name)).toEqual(['Zíper Lista 10', 'Zíper Lista 11']);
    expect((await list('q=lista-7')).products.map((row) => row.sku)).toEqual(['LISTA-7']);
    // Inactive and hidden products are the owner's too.
    const names = [...first.products, ...second.products];
    expect(names.find((row) => row.sku === 'LISTA-3')?.active).toBe(false);
    expect(names.find((row) => row.sku === 'LISTA-4')?.display_status).toBe('hidden');
  });

  it('filters by where the product stands with Bling', async () => {
    const skus = async (filter: string) =>
      (await list(`q=ziper lista&filter=${filter}&sort=id&direction=asc`)).products.map(
        (row) => row.sku,
      );
    expect(await skus('bling')).toEqual(['LISTA-0', 'LISTA-1']);
    expect(await skus('pending')).toEqual(['LISTA-5', 'LISTA-6']);
    expect(await skus('failed')).toEqual(['LISTA-7']);
    expect(await skus('local')).toEqual([
      'LISTA-2',
      'LISTA-3',
      'LISTA-4',
      'LISTA-8',
      'LISTA-9',
      'LISTA-10',
      'LISTA-11',
    ]);
    const failed = (await list('q=lista-7&filter=failed')).products[0];
    expect(failed).toMatchObject({
      sync_status: 'failed',
      sync_error: 'Bling: HTTP 500',
      from_bling: false,
    });
    expect((await list('q=lista-0')).products[0]).toMatchObject({
      from_bling: true,
      bling_id: 'bling-lista-0',
    });
  });

  it('sorts by id, name, price and category both ways', async () => {
    const order = async (sort: string, direction: string) =>
      (await list(`q=ziper lista&sort=${sort}&direction=${direction}`)).products;
    const byPriceDesc = await order('price', 'desc');
    expect(byPriceDesc.map((row) => row.price_cents)).toEqual(
      [...byPriceDesc.map((row) => row.price_cents)].sort((a, b) => b - a),
    );
    expect(byPriceDesc[0]).toMatchObject({ sku: 'LISTA-11', price: 21, pix_price: 19.95 });
    const byIdAsc = await order('id', 'asc');
    expect(byIdAsc.map((row) => row.id)).toEqual(ids.slice(0, 10));
    const byCategory = await order('category', 'asc');
    expect(byCategory.slice(0, 6).every((row) => row.category === 'boca')).toBe(true);
  });

  it("carries each row's live variants in the grid's order, also past the first page", async () => {
    const [withOptions] = await insertProducts(ctx.database.db, [
      createProduct({
        name: 'Zíper Grade',
        sku: 'GRADE',
        options: [{ name: 'Diâmetro', values: ['6 mm', '8 mm'] }],
        variants: [
          { sku: 'GRADE-6', option_values: { Diâmetro: '6 mm' }, stock_quantity: 2 },
          { sku: 'GRADE-8', option_values: { Diâmetro: '8 mm' }, stock_quantity: 0 },
        ],
      }),
    ]);
    const row = (await list('q=grade')).products[0];
    expect(row).toMatchObject({ id: withOptions, stock_quantity: 2 });
    expect(row?.variants.map((variant) => [variant.sku, variant.option_values])).toEqual([
      ['GRADE-6', { Diâmetro: '6 mm' }],
      ['GRADE-8', { Diâmetro: '8 mm' }],
    ]);
    // The catalogue's read of the variants carries their prices too: the table sends what it shows.
    expect(Object.keys(row?.variants[0] ?? {}).sort()).toEqual([
      'active',
      'id',
      'option_values',
      'sku',
      'stock_quantity',
    ]);
    const second = await list('q=ziper lista&sort=name&direction=asc&page=2');
    expect(
      second.products.map((product) => product.variants.map((variant) => variant.sku)),
    ).toEqual([['LISTA-10'], ['LISTA-11']]);
  });

  it('refuses an unknown filter, sort, direction or page with 422 in pt-BR', async () => {
    for (const query of [
      'filter=novos',
      'sort=stock',
      'direction=up',
      'page=0',
      `q=${'x'.repeat(101)}`,
    ]) {
      const response = await get(`/api/admin/products?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<ErrorJson>().message, query).toMatch(/inválid|no máximo/);
    }
  });
});
