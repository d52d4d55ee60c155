// The packing slip over HTTP on a real database: what the packer needs of one order, on A4 or
// an 80 mm roll, as a page that stands alone and in which nobody's text becomes markup.
import { ORDER_MESSAGES } from '@lumina/shared/orders/order-messages';
import { INVOICE_MESSAGES } from '@lumina/shared/fulfilment/invoice-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/products.ts';
import { checkoutBody, placeOrder, shopper } from '../../test/checkout.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { PACKING_SLIP_TEXTS } from './packing-slip.ts';

const HOSTILE_NAME = 'Argola <img src=x onerror="alert(1)"> & Cia';
const HOSTILE_NOTE = 'Embrulhar para presente </div><script>alert("nota")</script>';

let ctx: TestContext;
let admin: Record<string, string>;
let customer: Record<string, string>;
let orderId: number;
let orderNumber: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PIX_MERCHANT_NAME: 'Ateliê Lua & Prata' } });
  const owner = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
  const someone = await createUser(ctx.database);
  customer = bearerHeader((await signIn(ctx.app, someone)).access_token);

  const [clicker, plain] = (await insertProducts(ctx.database.db, [
    createProduct({
      name: 'Clicker Septo',
      sku: 'SLIP-CLK',
      options: [
        { name: 'Diâmetro', values: ['8 mm', '10 mm'] },
        { name: 'Cor', values: ['Dourado'] },
      ],
      variants: [
        {
          sku: 'SLIP-CLK-8',
          option_values: { Diâmetro: '8 mm', Cor: 'Dourado' },
          stock_quantity: 5,
        },
        {
          sku: 'SLIP-CLK-10',
          option_values: { Diâmetro: '10 mm', Cor: 'Dourado' },
          stock_quantity: 5,
        },
      ],
    }),
    createProduct({ name: HOSTILE_NAME, sku: 'SLIP-<b>X</b>', stock_quantity: 5 }),
  ])) as [number, number];
  const [eight] = await ctx.database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.sku, 'SLIP-CLK-8'));

  const buyer = await shopper(ctx.app, ctx.database);
  for (const line of [
    { product_id: clicker, variant_id: eight?.id, quantity: 2 },
    { product_id: plain, quantity: 1 },
  ]) {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: buyer.headers,
      payload: line,
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const placed = await placeOrder(
    ctx.app,
    buyer.headers,
    checkoutBody({
      customer_name: 'Bruna <b>Lima</b>',
      customer_complement: 'Apto 12',
      notes: HOSTILE_NOTE,
      shipping_method: 'sedex',
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  ({ id: orderId, order_number: orderNumber } = placed.json<{
    order: { id: number; order_number: string };
  }>().order);
});

afterAll(async () => {
  await ctx?.close();
});

const slip = (id: number | string, query = '', headers: object = admin) =>
  ctx.app.inject({ url: `/api/admin/orders/${id}/packing_slip${query}`, headers: { ...headers } });

describe('GET /api/admin/orders/{id}/packing_slip', () => {
  it('is for administrators only, and answers an unknown order in pt-BR', async () => {
    expect((await slip(orderId, '', {})).statusCode).toBe(401);
    expect((await slip(orderId, '', customer)).statusCode).toBe(403);
    for (const id of [999_999, 'abc']) {
      const missing = await slip(id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe(ORDER_MESSAGES.notFound);
    }
    const wrong = await slip(orderId, '?layout=carta');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ message: string }>().message).toBe(INVOICE_MESSAGES.layout);
  });

  it('is one printable page with what the packer needs', async () => {
    const page = await slip(orderId);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('Ateliê Lua &amp; Prata');
    expect(html).toContain(`<title>Romaneio ${orderNumber}</title>`);
    expect(html).toMatch(/Data: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(html).toContain('Bruna &lt;b&gt;Lima&lt;/b&gt;');
    expect(html).toContain(
      'Rua Augusta, 1500 - Apto 12<br>Consolação<br>São Paulo/SP<br>CEP 01310-100',
    );
    expect(html).toMatch(/Envio: SEDEX/);
    expect(html).toContain(
      '<td>Clicker Septo</td><td>Cor: Dourado · Diâmetro: 8 mm</td><td>SLIP-CLK-8</td><td class="qty">2</td>',
    );
    // One box to tick per line, and the units in all.
    expect(html.match(/<input type="checkbox"/g)).toHaveLength(2);
    expect(html).toContain(PACKING_SLIP_TEXTS.units(3));
    expect(html).toContain(`${PACKING_SLIP_TEXTS.notes}:`);
    // Self-contained, and no script: the shop's CSP would refuse an inline one anyway.
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/i);
    expect(html).not.toContain('http');
    expect(html).toContain('@page { size: A4;');
  });

  it("escapes a product's name, its SKU and the shopper's note", async () => {
    const html = (await slip(orderId)).body;
    expect(html).toContain('Argola &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Cia');
    expect(html).toContain('SLIP-&lt;b&gt;X&lt;/b&gt;');
    expect(html).toContain(
      'Embrulhar para presente &lt;/div&gt;&lt;script&gt;alert(&quot;nota&quot;)&lt;/script&gt;',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
  });

  // The option values as the order keeps them (jsonb orders keys by length), like every other
  // place that shows an item bought.
  it('fits an 80 mm roll with the details under each name', async () => {
    const page = await slip(orderId, '?layout=thermal');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('@page { size: 80mm auto;');
    expect(html).not.toContain('size: A4');
    expect(html).toContain(
      '<td>Clicker Septo<span class="detail">Cor: Dourado · Diâmetro: 8 mm</span><span class="detail">SKU SLIP-CLK-8</span></td><td class="qty">2</td>',
    );
    expect(html.match(/<input type="checkbox"/g)).toHaveLength(2);
    expect(html).toContain(PACKING_SLIP_TEXTS.units(3));
  });

  it('leaves the note out when the shopper wrote none', async () => {
    const buyer = await shopper(ctx.app, ctx.database);
    const [product] = (await insertProducts(ctx.database.db, [
      createProduct({ name: 'Labret Simples', sku: 'SLIP-LAB' }),
    ])) as [number];
    await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: buyer.headers,
      payload: { product_id: product, quantity: 1 },
    });
    const placed = await placeOrder(ctx.app, buyer.headers);
    const id = placed.json<{ order: { id: number } }>().order.id;
    const html = (await slip(id)).body;
    expect(html).not.toContain(PACKING_SLIP_TEXTS.notes);
    expect(html).toContain(PACKING_SLIP_TEXTS.units(1));
    expect(html).toContain(PACKING_SLIP_TEXTS.lines(1));
  });
});
