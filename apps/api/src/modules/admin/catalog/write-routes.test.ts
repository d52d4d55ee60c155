import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../../db/schema/orders.ts';
import { products, productVariants } from '../../../db/schema/products.ts';
import { securityLogs } from '../../../db/schema/security.ts';
import type { ErrorJson } from '../../../test/accounts.ts';
import { addToCart, placeOrder, shopper, stockOf } from '../../../test/checkout.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../../test/user-builder.ts';

interface ProductJson {
  product: {
    id: number;
    name: string;
    sku: string;
    price_cents: number;
    pix_price_cents: number | null;
    description: string;
    stock_quantity: number;
    active: boolean;
    display_status: string;
  };
}

let ctx: TestContext;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  // The catalogue cache on, as in production: a write must show at once all the same.
  ctx = await createTestContext({ catalogCacheTtlMs: 60_000 });
  const user = await createUser(ctx.database, { role: 'admin' });
  adminId = user.id;
  admin = bearerHeader((await signIn(ctx.app, user)).access_token);
});

afterAll(async () => {
  await ctx?.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  product: { name: 'Argola Nova Titânio', price: '89,90', category: 'orelha', ...overrides },
});

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) {
  return ctx.app.inject({ method, url, headers, payload });
}

describe('product writes', () => {
  it('are for administrators only', async () => {
    const customer = await shopper(ctx.app, ctx.database);
    for (const [method, url] of [
      ['POST', '/api/products'],
      ['PUT', '/api/products/1'],
      ['DELETE', '/api/products/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: form() })).statusCode).toBe(401);
      const refused = await call(method, url, form(), customer.headers);
      expect(refused.statusCode).toBe(403);
    }
  });

  it('creates a product that the storefront shows at once, sanitised, with a generated SKU', async () => {
    // The list is read (and cached) before the write.
    await ctx.app.inject('/api/products?per_page=100');
    const created = await call(
      'POST',
      '/api/products',
      form({
        description: '<p onclick="x()">Linda</p><script>alert(1)</script>',
        stock_quantity: 7,
        display_status: 'featured',
      }),
    );
    expect(created.statusCode).toBe(201);
    const { product } = created.json<ProductJson>();
    expect(product).toMatchObject({
      name: 'Argola Nova Titânio',
      price_cents: 8990,
      pix_price_cents: null,
      stock_quantity: 7,
      display_status: 'featured',
    });
    expect(product.sku).toMatch(/^LUM-[0-9A-F]{8}$/);
    expect(product.description).not.toMatch(/script|onclick/);
    const list = await ctx.app.inject('/api/products?per_page=100');
    expect(list.json<{ products: { id: number }[] }>().products.map((p) => p.id)).toContain(
      product.id,
    );
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.type, 'admin_product_change'), eq(securityLogs.userId, adminId)));
    expect(logged.some((row) => row.metadata.product_id === product.id)).toBe(true);
  });

  it('refuses bad input with 422 and pt-BR messages, and a taken SKU', async () => {
    const bad = await call(
      'POST',
      '/api/products',
      form({ price: '-3', category: 'pé', name: '' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ErrorJson>().fields).toMatchObject({
      name: ['Nome é obrigatório'],
      category: ['Categoria é obrigatória'],
    });
    const above = await call('POST', '/api/products', form({ pix_price: '99,90' }));
    expect(above.json<ErrorJson>().fields).toMatchObject({
      pix_price: ['O preço PIX não pode ser maior que o preço'],
    });
    expect((await call('POST', '/api/products', form({ stock_quantity: -1 }))).statusCode).toBe(
      422,
    );
    expect((await call('POST', '/api/products', { nada: true })).statusCode).toBe(422);
    expect((await call('POST', '/api/products', form({ sku: 'UNICO-1' }))).statusCode).toBe(201);
    const taken = await call('POST', '/api/products', form({ sku: 'UNICO-1' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json<ErrorJson>()).toMatchObject({
      code: 'sku_taken',
      fields: { sku: ['SKU já cadastrado'] },
    });
  });

  it('updates price and stock (through the stock owner) and the product page follows at once', async () => {
    const { product } = (
      await call('POST', '/api/products', form({ stock_quantity: 3 }))
    ).json<ProductJson>();
    await ctx.app.inject(`/api/products/${product.id}`);
    const updated = await call(
      'PUT',
      `/api/products/${product.id}`,
      form({ price: '79,90', pix_price: '70', stock_quantity: 12, sku: product.sku }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<ProductJson>().product).toMatchObject({
      price_cents: 7990,
      pix_price_cents: 7000,
      stock_quantity: 12,
    });
    const page = await ctx.app.inject(`/api/products/${product.id}`);
    expect(page.json<ProductJson>().product.price_cents).toBe(7990);
    expect((await call('PUT', '/api/products/999999', form())).statusCode).toBe(404);
    expect((await call('PUT', '/api/products/abc', form())).statusCode).toBe(404);
  });

  it('removes a product nobody bought and retires one an order holds', async () => {
    const fresh = (await call('POST', '/api/products', form())).json<ProductJson>().product;
    const removed = await call('DELETE', `/api/products/${fresh.id}`);
    expect(removed.json()).toEqual({ success: true, retired: false });
    expect(await stockOf(ctx.database, fresh.id)).toBe(-1);

    const sold = (
      await call('POST', '/api/products', form({ stock_quantity: 5 }))
    ).json<ProductJson>().product;
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, sold.id, 1);
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
    const retired = await call('DELETE', `/api/products/${sold.id}`);
    expect(retired.json()).toEqual({ success: true, retired: true });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, sold.id));
    expect(row).toMatchObject({ active: false, displayStatus: 'hidden' });
    // The owner still reads it for the edit form; the storefront no longer shows it.
    const forForm = await ctx.app.inject({ url: `/api/admin/products/${sold.id}`, headers: admin });
    expect(forForm.json<ProductJson>().product).toMatchObject({ active: false });
    expect((await ctx.app.inject(`/api/products/${sold.id}`)).statusCode).toBe(404);
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/my_orders',
      headers: buyer.headers,
    });
    expect(history.json<{ orders: object[] }>().orders).toHaveLength(1);
  });

  it('gives a variant left without a SKU the one the panel suggests for it', async () => {
    const created = await call(
      'POST',
      '/api/products',
      form({
        sku: 'clk-sugestao',
        options: [
          { name: 'Espessura', values: ['1,2 mm'] },
          { name: 'Cor', values: ['Ouro Rosé', 'Prata'] },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { variants } = created.json<{ product: { variants: { sku: string }[] } }>().product;
    expect(variants.map((variant) => variant.sku)).toEqual([
      'CLK-SUGESTAO-1-2MM-OUROROSE',
      'CLK-SUGESTAO-1-2MM-PRATA',
    ]);
  });

  it('writes options and the variant grid, keeping ids, and retires a variant an order holds', async () => {
    const grid = (variants: object[]) =>
      form({
        sku: 'CLK-GRADE',
        options: [
          { name: 'Diâmetro', values: ['8 mm', '10 mm'] },
          { name: 'Cor', values: ['Prata', 'Dourado'] },
        ],
        variants,
      });
    const rows = [
      { option_values: { Diâmetro: '8 mm', Cor: 'Prata' }, stock_quantity: 2 },
      { option_values: { Diâmetro: '8 mm', Cor: 'Dourado' }, stock_quantity: 0, price: '99,90' },
      { sku: 'CLK-10-P', option_values: { Diâmetro: '10 mm', Cor: 'Prata' }, stock_quantity: 5 },
    ];
    const created = await call('POST', '/api/products', grid(rows));
    expect(created.statusCode, created.body).toBe(201);
    type VariantJson = {
      id: number;
      sku: string;
      stock_quantity: number;
      price_cents: number | null;
    };
    const product = created.json<{
      product: ProductJson['product'] & { variants: VariantJson[]; sizes: string[] };
    }>().product;
    expect(product.stock_quantity).toBe(7);
    expect(product.sizes).toEqual(['8 mm', '10 mm']);
    expect(product.variants.map((v) => [v.sku, v.stock_quantity, v.price_cents])).toEqual([
      ['CLK-GRADE-8MM-PRATA', 2, null],
      ['CLK-GRADE-8MM-DOURADO', 0, 9990],
      ['CLK-10-P', 5, null],
    ]);
    const [eight, golden, ten] = product.variants as [VariantJson, VariantJson, VariantJson];

    // The 10 mm is sold, then removed from the grid: retired, the order keeps it.
    const buyer = await shopper(ctx.app, ctx.database);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: buyer.headers,
      payload: { product_id: product.id, variant_id: ten.id, quantity: 1 },
    });
    expect(added.statusCode).toBe(201);
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
    const updated = await call(
      'PUT',
      `/api/products/${product.id}`,
      grid([
        {
          id: eight.id,
          sku: eight.sku,
          option_values: { Diâmetro: '8 mm', Cor: 'Prata' },
          stock_quantity: 9,
        },
        {
          id: golden.id,
          sku: golden.sku,
          option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
          stock_quantity: 1,
        },
      ]),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<{ product: { stock_quantity: number; variants: VariantJson[] } }>()
      .product;
    expect(after.variants.map((v) => [v.id, v.stock_quantity])).toEqual([
      [eight.id, 9],
      [golden.id, 1],
    ]);
    expect(after.stock_quantity).toBe(10);
    const [retired] = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, ten.id));
    expect(retired).toMatchObject({ sku: 'CLK-10-P', active: false });
    expect(retired?.retiredAt).toBeInstanceOf(Date);
    const [item] = await ctx.database.db
      .select({ sku: orderItems.sku, optionValues: orderItems.optionValues })
      .from(orderItems)
      .where(eq(orderItems.variantId, ten.id));
    expect(item).toEqual({ sku: 'CLK-10-P', optionValues: { Diâmetro: '10 mm', Cor: 'Prata' } });
    // Its SKU is free again for a new variant.
    const reused = await call('POST', '/api/products', form({ sku: 'CLK-10-P' }));
    expect(reused.statusCode).toBe(201);
  });

  it('refuses a bad grid with 422, naming the row', async () => {
    const option = { name: 'Diâmetro', values: ['8 mm', '10 mm'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ options: [{ name: 'Cor', values: ['Prata', 'prata'] }] }, 'Valor repetido em Cor: prata'],
      [
        {
          options: [
            option,
            { name: 'A', values: ['1'] },
            { name: 'B', values: ['1'] },
            { name: 'C', values: ['1'] },
          ],
        },
        'Até 3 opções por produto',
      ],
      [
        {
          options: [option],
          variants: Array.from({ length: 101 }, (_, index) => ({
            option_values: { Diâmetro: '8 mm' },
            sku: `X-${index}`,
          })),
        },
        'Até 100 variantes por produto',
      ],
      [{ options: [option], variants: [{ option_values: {} }] }, 'Variante 1: escolha Diâmetro'],
      [
        {
          options: [option],
          variants: [{ option_values: { Diâmetro: '8 mm' }, stock_quantity: -2 }],
        },
        'Estoque deve ser um número inteiro de 0 a 99999',
      ],
      [
        {
          options: [option],
          variants: [{ option_values: { Diâmetro: '8 mm' }, price: '9999999' }],
        },
        'Preço inválido (use um valor maior que zero com até 2 casas decimais, até R$ 100.000,00)',
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await call('POST', '/api/products', form(fields));
      expect(response.statusCode, message).toBe(422);
      expect(response.json<ErrorJson>().message).toBe(message);
    }
    const taken = await call(
      'POST',
      '/api/products',
      form({
        options: [option],
        variants: [
          { sku: 'LIVRE-1', option_values: { Diâmetro: '8 mm' } },
          { sku: 'UNICO-1', option_values: { Diâmetro: '10 mm' } },
        ],
      }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json<ErrorJson>()).toMatchObject({
      code: 'sku_taken',
      message: 'Variante 2: SKU já cadastrado',
      fields: { 'product.variants.1.sku': ['SKU já cadastrado'] },
    });
    const stale = await call('POST', '/api/products', form({ variants: [{ id: 1, sku: 'Z-1' }] }));
    expect(stale.statusCode).toBe(422);
  });
});
