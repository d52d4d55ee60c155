// The shop and Bling over real HTTP: an administrator connects through the OAuth redirect dance,
// the full sync runs as a job and brings 250 products over 3 pages, local edits go back to Bling,
// and a refused access token is renewed once with the rotated refresh token kept.
import { BLING_TEXTS, type BlingStatus } from '@lumina/shared/admin/bling';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  blingConnection,
  blingProductLinks,
  blingVariantLinks,
  blingWebhookEvents,
} from '../../db/schema/bling.ts';
import { securityLogs } from '../../db/schema/security.ts';
import { carts } from '../../db/schema/carts.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import {
  type FakeBlingProductInput,
  type FakeBlingServer,
  startFakeBlingServer,
} from '../../integrations/bling/fake-bling-server.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { startTestJobRunner, waitUntil } from '../../jobs/testing.ts';
import type { ErrorJson } from '../../test/accounts.ts';
import {
  addToCart,
  checkoutBody,
  payOrder,
  placeOrder,
  shopper,
  stockOf,
} from '../../test/checkout.ts';
import { insertCoupon } from '../../test/coupon-builder.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { connectBling } from '../../test/bling-connection.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../test/user-builder.ts';
import { SYNC_ERRORS } from './product-sync.ts';
import { BLING_STATE_COOKIE } from './routes.ts';

const CALLBACK = 'http://127.0.0.1/api/bling/oauth/callback';
const dataDir = mkdtempSync(join(tmpdir(), 'lumina-erp-'));
let fake: FakeBlingServer;
let ctx: TestContext;
let runner: JobRunner | undefined;
let admin: Record<string, string>;
let customer: Record<string, string>;
let webhookUrl: string;

beforeAll(async () => {
  fake = await startFakeBlingServer({ redirectUri: CALLBACK });
  ctx = await createTestContext({
    env: {
      BLING_CLIENT_ID: fake.clientId,
      BLING_CLIENT_SECRET: fake.clientSecret,
      BLING_API_URL: fake.apiUrl,
      BLING_AUTH_URL: fake.authUrl,
      BLING_TOKEN_KEY: 'a'.repeat(64),
      // Photos brought from Bling are written here, not into the repository's data folder.
      DATA_DIR: dataDir,
      // A lost answer (the fake's 'timeout') is given up on in seconds, yet a slow answer on a
      // busy machine (a test worker per core) is still waited for.
      BLING_TIMEOUT_MS: '4000',
    },
    jobs: { send: (name, data, options) => runner!.send(name, data, options) },
    // The fake serves Bling's photos from 127.0.0.1: that port alone, and only in tests.
    testLoopbackPorts: [Number(new URL(fake.url).port)],
  });
  // The jobs without their schedules: a test runs each step when it means to.
  const jobs = ctx.app.erp.jobs().map(({ schedule: _schedule, ...job }) => job);
  runner = await startTestJobRunner({ database: ctx.database, jobs });
  // Bling delivers webhooks over HTTP: the API listens on a port of its own.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/webhooks/bling`;
  const owner = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, owner)).access_token);
  const shopper = await createUser(ctx.database);
  customer = bearerHeader((await signIn(ctx.app, shopper)).access_token);
});

afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.reset();
  fake.setRedirectUri(CALLBACK);
});

afterEach(async () => {
  const { db } = ctx.database;
  await db.execute(sql`delete from bling_connection`);
  await db.execute(sql`delete from bling_oauth_states`);
  await db.execute(sql`delete from bling_webhook_events`);
  await db.execute(sql`delete from bling_resource_versions`);
  await db.execute(
    sql`delete from products where id in (select product_id from bling_product_links where bling_id is not null) or sku like 'BLING-%' or sku like 'LOJA-%'`,
  );
});

/** The shop's products, each with where it stands with Bling (the ERP's table). */
function productsWithLinks() {
  return ctx.database.db
    .select({
      ...getTableColumns(products),
      blingId: blingProductLinks.blingId,
      syncStatus: blingProductLinks.syncStatus,
      blingSyncedAt: blingProductLinks.syncedAt,
    })
    .from(products)
    .leftJoin(blingProductLinks, eq(blingProductLinks.productId, products.id));
}

async function status(): Promise<BlingStatus> {
  const response = await ctx.app.inject({ url: '/api/bling/status', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BlingStatus>();
}

/** 'Conectar ao Bling' as the browser goes through it: start, Bling's page, the callback. */
const connect = () => connectBling(ctx.app, admin);

const SYNC_PATHS = {
  full: '/api/products/sync_full_with_bling',
  pending: '/api/products/sync_with_bling',
} as const;

/**
 * A sync as the panel starts it (full: Bling's catalogue in; pending: the shop's edits out),
 * waited for to its end: the status after it.
 */
async function runSync(kind: keyof typeof SYNC_PATHS): Promise<BlingStatus> {
  const before = (await status()).sync_finished_at;
  const response = await ctx.app.inject({ method: 'POST', url: SYNC_PATHS[kind], headers: admin });
  expect(response.statusCode, response.body).toBe(202);
  await waitUntil(async () => {
    const now = await status();
    return !now.sync_running && now.sync_finished_at !== before;
  }, 60_000);
  return status();
}

/** Connects to Bling and runs the full sync: the status after it. */
async function connectAndSync(): Promise<BlingStatus> {
  await connect();
  return runSync('full');
}

/** Connects, runs the full sync and answers the shop's row of Bling's product `blingId`. */
async function syncedRow(blingId: number) {
  await connectAndSync();
  const row = await shopRow(blingId);
  if (!row) throw new Error(`the full sync brought no shop product for Bling's ${blingId}`);
  return row;
}

/** A product put in Bling with `stock` units and brought in by the full sync; its shop id. */
async function broughtFromBling(input: FakeBlingProductInput, stock: number) {
  const item = fake.addProduct(input);
  fake.setStock(item.id, stock);
  const row = await syncedRow(item.id);
  return { item, productId: row.id };
}

describe('the Bling connection', () => {
  it('is for administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/bling/status'],
      ['GET', '/api/bling/oauth/start'],
      ['DELETE', '/api/bling/connection'],
      ['POST', '/api/products/sync_full_with_bling'],
      ['POST', '/api/products/sync_with_bling'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: customer })).statusCode).toBe(403);
    }
  });

  it('connects through Bling and keeps the tokens encrypted', async () => {
    expect(await status()).toMatchObject({ configured: true, connected: false });
    // A sync before connecting says what to do.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/sync_full_with_bling',
      headers: admin,
    });
    expect(early.statusCode).toBe(503);
    expect(early.json<ErrorJson>().message).toBe(BLING_TEXTS.notConnected);

    expect(await connect()).toBe('/admin/produtos?bling=conectado');
    expect(await status()).toMatchObject({ connected: true });
    const [row] = await ctx.database.db.select().from(blingConnection);
    const issued = fake.requests.filter((r) => r.path.endsWith('/oauth/token'));
    expect(issued).toHaveLength(1);
    // Nothing readable at rest: the stored values are sealed, not Bling's tokens.
    expect(row?.accessTokenEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toMatch(/[0-9a-f]{40}/);
  });

  it('refuses a callback without the browser that started it, or a second use of its state', async () => {
    const start = await ctx.app.inject({ url: '/api/bling/oauth/start', headers: admin });
    const cookie = start.cookies.find((c) => c.name === BLING_STATE_COOKIE)?.value ?? '';
    const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    // Someone else's browser (no cookie), or a forged state.
    const stranger = await ctx.app.inject({ url: `/api/bling/oauth/callback${back.search}` });
    expect(stranger.headers.location).toBe('/admin/produtos?bling=falhou');
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'x'.repeat(43));
    const wrong = await ctx.app.inject({
      url: `/api/bling/oauth/callback?${forged.toString()}`,
      headers: { cookie: `${BLING_STATE_COOKIE}=${'x'.repeat(43)}` },
    });
    expect(wrong.headers.location).toBe('/admin/produtos?bling=falhou');
    expect(await status()).toMatchObject({ connected: false });
    // The right browser: once.
    const headers = { cookie: `${BLING_STATE_COOKIE}=${cookie}` };
    const first = await ctx.app.inject({ url: `/api/bling/oauth/callback${back.search}`, headers });
    expect(first.headers.location).toBe('/admin/produtos?bling=conectado');
    const again = await ctx.app.inject({ url: `/api/bling/oauth/callback${back.search}`, headers });
    expect(again.headers.location).toBe('/admin/produtos?bling=falhou');
    // The owner said no on Bling's page.
    const refused = await ctx.app.inject({ url: '/api/bling/oauth/callback?error=access_denied' });
    expect(refused.headers.location).toBe('/admin/produtos?bling=recusado');
  });

  it('disconnects', async () => {
    await connect();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/bling/connection',
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(await status()).toMatchObject({ connected: false });
  });
});

describe('the full sync', () => {
  it('brings 250 products over 3 pages, with stock, and matches an existing SKU', async () => {
    const [existing] = await insertProducts(ctx.database.db, [
      createProduct({
        sku: 'LOJA-0001',
        name: 'Argola da Loja',
        category: 'nariz',
        price_cents: 1000,
      }),
    ]);
    const seeded = fake.addProducts(250, (i) => ({
      nome: `Argola Tragus Bling ${i + 1}`,
      codigo: i === 0 ? 'LOJA-0001' : `BLING-${i + 1}`,
      preco: 49.9 + i,
    }));
    seeded.forEach((product, i) => fake.setStock(product.id, i % 7));
    const after = await connectAndSync();
    expect(after.sync_summary).toMatchObject({
      kind: 'full',
      created: 249,
      updated: 1,
      failed: 0,
      stopped: null,
    });
    expect(after.last_sync_at).not.toBeNull();
    const pages = fake.requests
      .filter((r) => r.path.endsWith('/produtos'))
      .map((r) => r.query.pagina);
    expect(pages).toEqual(['1', '2', '3']);

    const rows = await productsWithLinks().where(isNotNull(blingProductLinks.blingId));
    expect(rows).toHaveLength(250);
    expect(rows.every((row) => row.syncStatus === 'synced' && row.blingSyncedAt)).toBe(true);
    const matched = rows.find((row) => row.id === existing);
    // The shop's own product became Bling's: its price and name follow, its category stays.
    expect(matched).toMatchObject({
      blingId: String(seeded[0]?.id),
      name: 'Argola Tragus Bling 1',
      priceCents: 4990,
      category: 'nariz',
      stockQuantity: 0,
    });
    const third = rows.find((row) => row.sku === 'BLING-3');
    expect(third).toMatchObject({ priceCents: 5190, stockQuantity: 2, category: 'orelha' });

    // The storefront has them at once.
    const shop = await ctx.app.inject({
      url: '/api/products?search=Tragus%20Bling%203&per_page=100',
    });
    expect(shop.json<{ products: { sku: string }[] }>().products.map((p) => p.sku)).toContain(
      'BLING-3',
    );
    // Bling's limit held: never more than 3 calls in a second.
    expect(fake.peakPerSecond()).toBeLessThanOrEqual(3);
  });

  it('marks a product Bling describes badly, or cannot be placed, and goes on with the rest', async () => {
    const [good, , badOne] = [
      fake.addProduct({ nome: 'Labret Cravejado', codigo: 'BLING-OK', preco: 59.9 }),
      fake.addProduct({ nome: 'Peça Misteriosa', codigo: 'BLING-XX', preco: 10 }),
      fake.addProduct({ nome: 'Nostril Torto', codigo: 'BLING-BAD', preco: 30, formato: 'V' }),
    ];
    fake.respondWithShape(badOne.id, { data: { id: badOne.id, nome: 42 } });
    const after = await connectAndSync();
    expect(after.sync_summary).toMatchObject({ created: 1, failed: 2 });
    expect(after.sync_summary?.errors.join(' ')).toContain('Peça Misteriosa');
    const [row] = await productsWithLinks().where(eq(blingProductLinks.blingId, String(good.id)));
    expect(row).toMatchObject({ category: 'boca', syncStatus: 'synced' });
  });

  it("brings Bling's photos through the shop's photo pipeline, and refuses what is not one", async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c9a227' },
    })
      .png()
      .toBuffer();
    const photo = fake.addImage('argola.png', png);
    const disguised = fake.addImage('pagina.png', Buffer.from('<html>oi</html>'));
    const [withPhoto, withFake, inside] = [
      fake.addProduct({
        nome: 'Argola Helix Foto',
        codigo: 'BLING-F1',
        preco: 20,
        imagemURL: photo,
      }),
      fake.addProduct({
        nome: 'Argola Helix Falsa',
        codigo: 'BLING-F2',
        preco: 20,
        imagemURL: disguised,
      }),
      fake.addProduct({
        nome: 'Argola Helix Interna',
        codigo: 'BLING-F3',
        preco: 20,
        imagemURL: 'http://169.254.169.254/latest/meta-data.png',
      }),
    ];
    const after = await connectAndSync();
    expect(after.sync_summary).toMatchObject({ created: 3, failed: 0 });
    const images = async (blingId: number) => (await shopRow(blingId))?.images ?? [];
    expect(await images(withPhoto.id)).toEqual([
      expect.stringMatching(/^\/uploads\/products\/[a-f0-9]{24}\.webp$/),
    ]);
    expect(await images(withFake.id)).toEqual([]);
    expect(await images(inside.id)).toEqual([]);
    const reasons = after.sync_summary?.errors.join(' | ') ?? '';
    expect(reasons).toContain('Foto de "Argola Helix Falsa" não trazida do Bling');
    expect(reasons).toContain(
      'Foto de "Argola Helix Interna" não trazida do Bling: endereço não permitido',
    );
    // The stored photo is served, as the panel's uploads are.
    const served = await ctx.app.inject({ url: (await images(withPhoto.id))[0] ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it("never connects to the shop's own machine or network for a photo link", async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const links = [
        `https://127.0.0.1:${port}/foto.png`,
        `https://localhost:${port}/foto.png`,
        `https://[::ffff:127.0.0.1]:${port}/foto.png`,
        `https://0.0.0.0:${port}/foto.png`,
        'https://10.0.0.1/foto.png',
        'https://169.254.169.254/latest/meta-data.png',
      ];
      const listed = links.map((link, i) =>
        fake.addProduct({
          nome: `Argola Helix Rede ${i}`,
          codigo: `BLING-R${i}`,
          preco: 20,
          imagemURL: link,
        }),
      );
      const after = await connectAndSync();
      expect(after.sync_summary).toMatchObject({ created: links.length, failed: 0 });
      for (const product of listed) expect((await shopRow(product.id))?.images).toEqual([]);
      const reasons = after.sync_summary?.errors ?? [];
      for (const [i] of links.entries()) {
        expect(reasons).toContain(
          `Foto de "Argola Helix Rede ${i}" não trazida do Bling: endereço não permitido`,
        );
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('renews a refused access token once and keeps the rotated refresh token', async () => {
    fake.addProducts(3, (i) => ({ nome: `Barbell Mamilo ${i}`, codigo: `BLING-M${i}`, preco: 20 }));
    await connect();
    const [before] = await ctx.database.db.select().from(blingConnection);
    fake.expireAccessTokens();
    const after = await runSync('full');
    expect(after.sync_summary).toMatchObject({ created: 3, stopped: null });
    expect(fake.tokenRefreshes).toBe(1);
    const [row] = await ctx.database.db.select().from(blingConnection);
    expect(row?.refreshTokenEnc).not.toBe(before?.refreshTokenEnc);
  });
});

describe('the pending sync', () => {
  it('sends Bling a product edited in the panel and creates one made in the shop', async () => {
    const [blingProduct] = fake.addProducts(1, {
      nome: 'Argola Helix',
      codigo: 'BLING-H',
      preco: 30,
    });
    const row = await syncedRow(blingProduct!.id);

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${row.id}`,
      headers: admin,
      payload: { product: { name: 'Argola Helix Dourada', price: '35,00', category: 'orelha' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        product: {
          name: 'Nostril Novo',
          price: '25,00',
          category: 'nariz',
          sku: 'LOJA-NOVO',
          stock_quantity: 6,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pending = await ctx.database.db
      .select({ sku: products.sku })
      .from(products)
      .leftJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
      .where(eq(blingProductLinks.syncStatus, 'pending'));
    expect(pending.map((p) => p.sku).sort()).toEqual(['BLING-H', 'LOJA-NOVO']);

    const after = await runSync('pending');
    expect(after.sync_summary).toMatchObject({
      kind: 'pending',
      created: 1,
      updated: 1,
      failed: 0,
    });
    expect(fake.products.get(blingProduct!.id)).toMatchObject({
      nome: 'Argola Helix Dourada',
      preco: 35,
    });
    const newOne = [...fake.products.values()].find((p) => p.codigo === 'LOJA-NOVO');
    expect(newOne).toBeDefined();
    expect(fake.stock.get(newOne!.id)).toBe(6);
    const left = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .leftJoin(blingProductLinks, eq(blingProductLinks.productId, products.id))
      .where(eq(blingProductLinks.syncStatus, 'pending'));
    expect(left).toHaveLength(0);
  });
});

async function shopRow(blingId: number) {
  const [row] = await productsWithLinks().where(eq(blingProductLinks.blingId, String(blingId)));
  return row;
}

/** Waits until the job has processed the event; answers its outcome. */
async function processed(eventId: string): Promise<string | null> {
  let outcome: string | null = null;
  await waitUntil(async () => {
    const [row] = await ctx.database.db
      .select()
      .from(blingWebhookEvents)
      .where(eq(blingWebhookEvents.eventId, eventId));
    outcome = row?.outcome ?? null;
    return row?.processedAt != null;
  }, 20_000);
  return outcome;
}

describe('Bling webhooks', () => {
  async function syncedProduct() {
    const { item } = await broughtFromBling(
      { nome: 'Labret Estrela', codigo: 'BLING-W', preco: 40 },
      5,
    );
    return item;
  }

  it('applies a signed product change once, reading it again from Bling, not from the body', async () => {
    const product = await syncedProduct();
    fake.updateProduct(product.id, { preco: 45.5, nome: 'Labret Estrela Dourada' });
    const event = {
      eventId: 'evt-produto-1',
      event: 'product.updated',
      // A body that lies: the shop reads Bling's API, not this.
      data: { id: product.id, nome: 'Nome Falso', preco: 0.01 },
    };
    const first = await fake.deliverWebhook(webhookUrl, event);
    expect(first.status, first.body).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    expect(await processed('evt-produto-1')).toBe('applied:updated');
    expect(await shopRow(product.id)).toMatchObject({
      name: 'Labret Estrela Dourada',
      priceCents: 4550,
    });
    // Delivered again (Bling retries): recorded once, applied once.
    const reads = fake.requests.filter((r) => r.path.endsWith(`/produtos/${product.id}`)).length;
    const again = await fake.deliverWebhook(webhookUrl, event);
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.requests.filter((r) => r.path.endsWith(`/produtos/${product.id}`))).toHaveLength(
      reads,
    );
  });

  it('refuses forged and unsigned deliveries with 401, changes nothing and logs it', async () => {
    const product = await syncedProduct();
    fake.updateProduct(product.id, { preco: 1 });
    const event = { eventId: 'evt-forjado', event: 'product.updated', data: { id: product.id } };
    const forged = await fake.deliverWebhook(webhookUrl, event, {
      signature: `sha256=${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(401);
    const unsigned = await fake.deliverWebhook(webhookUrl, event, { signature: null });
    expect(unsigned.status).toBe(401);
    const events = await ctx.database.db.select().from(blingWebhookEvents);
    expect(events).toHaveLength(0);
    expect((await shopRow(product.id))?.priceCents).toBe(4000);
    const logged = await ctx.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.type, 'webhook_signature_failed'));
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('takes a stock change from Bling, and never moves back for an older event', async () => {
    const product = await syncedProduct();
    fake.setStock(product.id, 9);
    const newer = {
      eventId: 'evt-estoque-novo',
      event: 'stock.updated',
      date: '2026-11-25T12:00:00-03:00',
      data: { produto: { id: product.id } },
    };
    await fake.deliverWebhook(webhookUrl, newer);
    expect(await processed('evt-estoque-novo')).toBe('applied');
    expect((await shopRow(product.id))?.stockQuantity).toBe(9);
    // An event from before, delivered late, while Bling says 2 now: recorded as stale, not applied.
    fake.setStock(product.id, 2);
    await fake.deliverWebhook(webhookUrl, {
      ...newer,
      eventId: 'evt-estoque-velho',
      date: '2026-11-25T11:00:00-03:00',
    });
    expect(await processed('evt-estoque-velho')).toBe('stale');
    expect((await shopRow(product.id))?.stockQuantity).toBe(9);
  });

  it('retires a product deleted in Bling', async () => {
    const product = await syncedProduct();
    await fake.deliverWebhook(webhookUrl, {
      eventId: 'evt-apagado',
      event: 'product.deleted',
      data: { id: product.id },
    });
    expect(await processed('evt-apagado')).toBe('applied');
    expect(await shopRow(product.id)).toMatchObject({ active: false, displayStatus: 'hidden' });
  });

  it("answers the panel's test with test_data.name, without a Bling connection", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/bling/test_webhook',
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      test_data: { name: 'Teste de webhook da loja Lumina Piercings' },
    });
    const [row] = await ctx.database.db.select().from(blingWebhookEvents);
    expect(row).toMatchObject({ event: 'webhook.test', outcome: 'test' });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/bling/test_webhook', headers: customer }))
        .statusCode,
    ).toBe(403);
  });
});

describe('stock both ways', () => {
  it('sends each shop movement to Bling once, and never lets a Bling balance undo an unsent one', async () => {
    const { item, productId } = await broughtFromBling(
      {
        nome: 'Argola Daith Bling',
        codigo: 'BLING-S',
        preco: 30,
      },
      10,
    );
    expect(await stockOf(ctx.database, productId)).toBe(10);

    // Three shoppers at once, one unit each: the shop has 7, Bling still 10.
    const buyers = await Promise.all([1, 2, 3].map(() => shopper(ctx.app, ctx.database)));
    for (const buyer of buyers) await addToCart(ctx.app, buyer.headers, productId, 1);
    const placed = await Promise.all(buyers.map((buyer) => placeOrder(ctx.app, buyer.headers)));
    expect(placed.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await stockOf(ctx.database, productId)).toBe(7);

    // A Bling event arrives before the movements went out: Bling's 10 less the 3 on their way.
    await fake.deliverWebhook(webhookUrl, {
      eventId: 'evt-antes-do-envio',
      event: 'stock.updated',
      data: { produto: { id: item.id } },
    });
    expect(await processed('evt-antes-do-envio')).toBe('applied');
    expect(await stockOf(ctx.database, productId)).toBe(7);

    // Out to Bling, each once (a second push finds nothing to send).
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 3, failed: 0, uncertain: 0 });
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 0 });
    expect(fake.stockMovements.map((m) => [m.operation, m.quantity])).toEqual([
      ['S', 1],
      ['S', 1],
      ['S', 1],
    ]);
    // The note names the shop as its settings do (the environment's name on a first start).
    expect(fake.stockMovements[0]?.note).toMatch(
      /^Movimento \d+ \(reserve\) da loja Lumina Piercings$/,
    );
    expect(fake.stock.get(item.id)).toBe(7);

    // The shop cancels one: the unit comes back, in Bling too.
    const orderId = placed[0]!.json<{ order: { id: number } }>().order.id;
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      headers: admin,
      payload: { reason: 'Cliente desistiu' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 1 });
    expect(fake.stock.get(item.id)).toBe(8);
    expect(await stockOf(ctx.database, productId)).toBe(8);

    // Bling's own change (a sale in a physical shop) reaches the shop, and is not sent back.
    fake.setStock(item.id, 5);
    await fake.deliverWebhook(webhookUrl, {
      eventId: 'evt-loja-fisica',
      event: 'stock.updated',
      data: { produto: { id: item.id } },
    });
    expect(await processed('evt-loja-fisica')).toBe('applied');
    expect(await stockOf(ctx.database, productId)).toBe(5);
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 0 });
  });

  it('never sends a movement twice when Bling did not answer: the owner is told to check', async () => {
    const { item, productId } = await broughtFromBling(
      {
        nome: 'Argola Conch Bling',
        codigo: 'BLING-T',
        preco: 30,
      },
      4,
    );
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, productId, 2);
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);

    // The deposit list answers; the movement is applied at Bling but its answer is lost.
    await ctx.app.erp.pushStock();
    fake.stockMovements.length = 0;
    const other = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, other.headers, productId, 1);
    expect((await placeOrder(ctx.app, other.headers)).statusCode).toBe(201);
    fake.failNext(1, 'timeout');
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 0, uncertain: 1 });
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 0, uncertain: 0 });
    expect(fake.stockMovements).toHaveLength(1);
    expect(await shopRow(item.id)).toMatchObject({ syncStatus: 'failed' });
    // The panel says what to check; the owner's full sync settles it.
    expect((await status()).attention).toMatchObject({ stock_movements_in_doubt: 1 });
    await runSync('full');
    expect((await status()).attention).toMatchObject({ stock_movements_in_doubt: 0 });
    expect(await shopRow(item.id)).toMatchObject({ syncStatus: 'synced' });
  });
});

describe("Bling's variations", () => {
  /** The product's live variants; with `retired`, the retired ones too. */
  async function variantsOf(productId: number, { retired = false } = {}) {
    return ctx.database.db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        optionValues: productVariants.optionValues,
        stockQuantity: productVariants.stockQuantity,
        priceCents: productVariants.priceCents,
        retiredAt: productVariants.retiredAt,
        blingId: blingVariantLinks.blingId,
      })
      .from(productVariants)
      .leftJoin(blingVariantLinks, eq(blingVariantLinks.variantId, productVariants.id))
      .where(
        and(
          eq(productVariants.productId, productId),
          retired ? undefined : isNull(productVariants.retiredAt),
        ),
      )
      .orderBy(productVariants.position, productVariants.id);
  }

  function threeVariations() {
    const parent = fake.addProduct({
      nome: 'Argola Tragus Clicker',
      codigo: 'BLING-VAR',
      preco: 50,
      variacoes: [
        {
          codigo: 'BLING-VAR-6D',
          preco: 50,
          variacao: { nome: 'Cor:Dourado;Tamanho:6mm', ordem: 1 },
        },
        {
          codigo: 'BLING-VAR-8D',
          preco: 55,
          variacao: { nome: 'Cor:Dourado;Tamanho:8mm', ordem: 2 },
        },
        {
          codigo: 'BLING-VAR-6P',
          preco: 50,
          variacao: { nome: 'Cor:Prata;Tamanho:6mm', ordem: 3 },
        },
      ],
    });
    parent.variacoes.forEach((variation, i) => fake.setStock(variation.id, [4, 2, 7][i]!));
    return parent;
  }

  it('become the variants of one product, each with its own stock, and follow Bling', async () => {
    const parent = threeVariations();
    const after = await connectAndSync();
    expect(after.sync_summary).toMatchObject({ created: 1, failed: 0 });
    const row = (await shopRow(parent.id))!;
    expect(row).toMatchObject({
      sku: 'BLING-VAR',
      stockQuantity: 13,
      options: [
        { name: 'Cor', values: ['Dourado', 'Prata'] },
        { name: 'Tamanho', values: ['6mm', '8mm'] },
      ],
    });
    const [six, eight, silver] = parent.variacoes;
    const first = await variantsOf(row.id);
    expect(first).toMatchObject([
      {
        sku: 'BLING-VAR-6D',
        optionValues: { Cor: 'Dourado', Tamanho: '6mm' },
        stockQuantity: 4,
        priceCents: null,
        blingId: String(six!.id),
      },
      {
        sku: 'BLING-VAR-8D',
        optionValues: { Cor: 'Dourado', Tamanho: '8mm' },
        stockQuantity: 2,
        priceCents: 5500,
        blingId: String(eight!.id),
      },
      {
        sku: 'BLING-VAR-6P',
        optionValues: { Cor: 'Prata', Tamanho: '6mm' },
        stockQuantity: 7,
        priceCents: null,
        blingId: String(silver!.id),
      },
    ]);

    // A variation added in Bling appears at the next sync; the others keep their ids.
    const added = fake.addVariation(parent.id, {
      codigo: 'BLING-VAR-8P',
      preco: 50,
      variacao: { nome: 'Cor:Prata;Tamanho:8mm', ordem: 4 },
    });
    fake.setStock(added.id, 3);
    fake.setStock(six!.id, 1);
    await runSync('full');
    const second = await variantsOf(row.id);
    expect(second.map((v) => [v.id, v.sku, v.stockQuantity, v.blingId])).toEqual([
      [first[0]!.id, 'BLING-VAR-6D', 1, String(six!.id)],
      [first[1]!.id, 'BLING-VAR-8D', 2, String(eight!.id)],
      [first[2]!.id, 'BLING-VAR-6P', 7, String(silver!.id)],
      [expect.any(Number), 'BLING-VAR-8P', 3, String(added.id)],
    ]);

    // One deleted in Bling leaves the shop (its deletion event re-reads the parent).
    fake.removeVariation(eight!.id);
    await fake.deliverWebhook(webhookUrl, {
      eventId: 'evt-variacao-apagada',
      event: 'product.deleted',
      data: { id: eight!.id },
    });
    expect(await processed('evt-variacao-apagada')).toBe('applied');
    const third = await variantsOf(row.id);
    expect(third.map((v) => v.sku)).toEqual(['BLING-VAR-6D', 'BLING-VAR-6P', 'BLING-VAR-8P']);
    expect((await shopRow(parent.id))?.stockQuantity).toBe(11);

    // A stock event about one variation moves that variant alone.
    fake.setStock(silver!.id, 9);
    await fake.deliverWebhook(webhookUrl, {
      eventId: 'evt-estoque-variacao',
      event: 'stock.updated',
      data: { produto: { id: silver!.id } },
    });
    expect(await processed('evt-estoque-variacao')).toBe('applied');
    expect((await variantsOf(row.id)).map((v) => v.stockQuantity)).toEqual([1, 9, 3]);
  });

  it('refuses, in pt-BR, a product whose variations use more than three attributes', async () => {
    const parent = fake.addProduct({
      nome: 'Labret Quatro Atributos',
      codigo: 'BLING-Q',
      preco: 20,
      variacoes: [
        {
          codigo: 'BLING-Q-1',
          variacao: { nome: 'Cor:Preto;Tamanho:6mm;Rosca:Interna;Pedra:Zircônia' },
        },
      ],
    });
    const after = await connectAndSync();
    expect(after.sync_summary).toMatchObject({ created: 0, failed: 1 });
    expect(after.sync_summary?.errors.join(' ')).toContain('a loja aceita no máximo 3');
    expect(await shopRow(parent.id)).toBeUndefined();
  });

  it("sends a sale of one variant to that variation's stock in Bling", async () => {
    const parent = threeVariations();
    const row = await syncedRow(parent.id);
    const eight = (await variantsOf(row.id))[1]!;
    const buyer = await shopper(ctx.app, ctx.database);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: buyer.headers,
      payload: { product_id: row.id, variant_id: eight.id, quantity: 2 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 1, failed: 0 });
    expect(fake.stockMovements.map((m) => [m.productId, m.operation, m.quantity])).toEqual([
      [Number(eight.blingId), 'S', 2],
    ]);
    expect(fake.stock.get(Number(eight.blingId))).toBe(0);
    expect(fake.stock.get(parent.variacoes[0]!.id)).toBe(4);
  });
  it('leave the shop with their product when the owner removes them in Bling', async () => {
    const parent = fake.addProduct({
      nome: 'Argola Helix Clicker',
      codigo: 'BLING-SIMPLES',
      preco: 60,
      variacoes: [
        { codigo: 'BLING-SIMPLES-D', variacao: { nome: 'Cor:Dourado', ordem: 1 } },
        { codigo: 'BLING-SIMPLES-P', variacao: { nome: 'Cor:Prata', ordem: 2 } },
      ],
    });
    const [gold, silver] = parent.variacoes;
    fake.setStock(gold!.id, 4);
    fake.setStock(silver!.id, 2);
    const row = await syncedRow(parent.id);
    const before = await variantsOf(row.id);
    expect(before.map((v) => [v.sku, v.blingId])).toEqual([
      ['BLING-SIMPLES-D', String(gold!.id)],
      ['BLING-SIMPLES-P', String(silver!.id)],
    ]);
    // A shopper holds the golden one in a cart.
    const holder = await shopper(ctx.app, ctx.database);
    const held = await ctx.app.inject({
      method: 'POST',
      url: '/api/carts/items',
      headers: holder.headers,
      payload: { product_id: row.id, variant_id: before[0]!.id, quantity: 1 },
    });
    expect(held.statusCode, held.body).toBe(201);

    // In Bling the owner removes both variations: a simple product with 7 units.
    fake.removeVariation(gold!.id);
    fake.removeVariation(silver!.id);
    fake.updateProduct(parent.id, { formato: 'S' });
    fake.setStock(parent.id, 7);
    const after = await runSync('full');
    expect(after.sync_summary).toMatchObject({ updated: 1, failed: 0 });

    const simple = (await shopRow(parent.id))!;
    expect(simple).toMatchObject({
      sku: 'BLING-SIMPLES',
      options: [],
      variations: [],
      stockQuantity: 7,
      syncStatus: 'synced',
    });
    const variants = await variantsOf(row.id, { retired: true });
    // Both old ones are retired, never deleted: one is in a cart (its line unavailable), both
    // have stock movements in the ledger; none is Bling's any more.
    expect(variants.filter((v) => v.retiredAt === null)).toMatchObject([
      { sku: 'BLING-SIMPLES', optionValues: {}, stockQuantity: 7, blingId: null },
    ]);
    expect(variants.filter((v) => v.retiredAt !== null)).toMatchObject([
      { id: before[0]!.id, blingId: null },
      { id: before[1]!.id, blingId: null },
    ]);
    const cart = await ctx.app.inject({ url: '/api/carts/current', headers: holder.headers });
    expect(cart.statusCode, cart.body).toBe(200);
    const lines = cart.json<{ cart: { items: { variant_id: number; available: boolean }[] } }>()
      .cart.items;
    expect(lines).toEqual([
      expect.objectContaining({ variant_id: before[0]!.id, available: false }),
    ]);

    // A sale now moves the stock of the product itself in Bling.
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, row.id, 2);
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
    const moved = fake.stockMovements.length;
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 1, failed: 0 });
    expect(
      fake.stockMovements.slice(moved).map((m) => [m.productId, m.operation, m.quantity]),
    ).toEqual([[parent.id, 'S', 2]]);
    expect(fake.stock.get(parent.id)).toBe(5);
    expect(await stockOf(ctx.database, row.id)).toBe(5);
  });

  it("keeps the shop's own options on a simple Bling product, and says its balance was not applied", async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        product: {
          name: 'Argola Septo Lisa',
          price: '40,00',
          category: 'orelha',
          sku: 'LOJA-OPCOES',
          options: [{ name: 'Cor', values: ['Dourado', 'Prata'] }],
          variants: [
            { sku: 'LOJA-OPCOES-D', option_values: { Cor: 'Dourado' }, stock_quantity: 3 },
            { sku: 'LOJA-OPCOES-P', option_values: { Cor: 'Prata' }, stock_quantity: 5 },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ product: { id: number } }>().product.id;
    const item = fake.addProduct({ nome: 'Argola Septo Lisa', codigo: 'LOJA-OPCOES', preco: 40 });
    fake.setStock(item.id, 9);
    const after = await connectAndSync();
    expect(after.sync_summary).toMatchObject({ failed: 1 });
    const reason = SYNC_ERRORS.balanceNotApplied('LOJA-OPCOES', 9);
    expect(after.sync_summary?.errors).toContain(reason);
    const [link] = await ctx.database.db
      .select()
      .from(blingProductLinks)
      .where(eq(blingProductLinks.productId, productId));
    expect(link).toMatchObject({
      blingId: String(item.id),
      syncStatus: 'failed',
      syncError: reason,
    });
    expect((await shopRow(item.id))?.options).toEqual([
      { name: 'Cor', values: ['Dourado', 'Prata'] },
    ]);
    expect((await variantsOf(productId)).map((v) => [v.sku, v.stockQuantity])).toEqual([
      ['LOJA-OPCOES-D', 3],
      ['LOJA-OPCOES-P', 5],
    ]);

    // The failed product is sent again: its variants become Bling's variations, with their counts.
    const pushed = await runSync('pending');
    expect(pushed.sync_summary).toMatchObject({ updated: 1, failed: 0 });
    const inBling = fake.products.get(item.id)!;
    expect(inBling.formato).toBe('V');
    expect(inBling.variacoes.map((v) => [v.codigo, fake.stock.get(v.id)])).toEqual([
      ['LOJA-OPCOES-D', 3],
      ['LOJA-OPCOES-P', 5],
    ]);
    const again = await runSync('full');
    expect(again.sync_summary).toMatchObject({ updated: 1, failed: 0 });
    expect(await shopRow(item.id)).toMatchObject({ syncStatus: 'synced' });
    expect((await variantsOf(productId)).map((v) => [v.sku, v.stockQuantity, v.blingId])).toEqual(
      inBling.variacoes.map((v) => [v.codigo, fake.stock.get(v.id), String(v.id)]),
    );
  });
});

describe("the shop's variants in Bling", () => {
  it("go as a formato 'V' product's variations, and a variant added later follows", async () => {
    await connect();
    const options = [{ name: 'Cor', values: ['Dourado', 'Prata'] }];
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        product: {
          name: 'Argola Conch Lisa',
          price: '40,00',
          category: 'orelha',
          sku: 'LOJA-VAR',
          options,
          variants: [
            {
              sku: 'LOJA-VAR-D',
              option_values: { Cor: 'Dourado' },
              stock_quantity: 3,
              price: '45,00',
            },
            { sku: 'LOJA-VAR-P', option_values: { Cor: 'Prata' }, stock_quantity: 5 },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await runSync('pending');
    expect(after.sync_summary).toMatchObject({ kind: 'pending', created: 1, failed: 0 });

    const parent = [...fake.products.values()].find((p) => p.codigo === 'LOJA-VAR')!;
    expect(parent).toMatchObject({ formato: 'V', preco: 40 });
    expect(
      parent.variacoes.map((v) => [v.codigo, v.variacao?.nome, v.preco, fake.stock.get(v.id)]),
    ).toEqual([
      ['LOJA-VAR-D', 'Cor:Dourado', 45, 3],
      ['LOJA-VAR-P', 'Cor:Prata', 40, 5],
    ]);
    const [row] = await productsWithLinks().where(eq(products.sku, 'LOJA-VAR'));
    expect(row).toMatchObject({ blingId: String(parent.id), syncStatus: 'synced' });
    const links = await ctx.database.db
      .select({ sku: productVariants.sku, blingId: blingVariantLinks.blingId })
      .from(blingVariantLinks)
      .innerJoin(productVariants, eq(productVariants.id, blingVariantLinks.variantId))
      .orderBy(productVariants.position);
    expect(links).toEqual(parent.variacoes.map((v) => ({ sku: v.codigo, blingId: String(v.id) })));

    // A variant added in the panel becomes a new variation; the others keep theirs.
    const current = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, row!.id))
      .orderBy(productVariants.position);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${row!.id}`,
      headers: admin,
      payload: {
        product: {
          name: 'Argola Conch Lisa',
          price: '40,00',
          category: 'orelha',
          sku: 'LOJA-VAR',
          options: [{ name: 'Cor', values: ['Dourado', 'Prata', 'Rosé'] }],
          variants: [
            ...current.map((v) => ({
              id: v.id,
              sku: v.sku,
              option_values: v.optionValues,
              stock_quantity: v.stockQuantity,
              ...(v.priceCents !== null && { price: '45,00' }),
            })),
            { sku: 'LOJA-VAR-R', option_values: { Cor: 'Rosé' }, stock_quantity: 2 },
          ],
        },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Sold before the push: one of the new variant (not in Bling yet) and one of a variation.
    const variants = await ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, row!.id))
      .orderBy(productVariants.position);
    const buyer = await shopper(ctx.app, ctx.database);
    for (const sku of ['LOJA-VAR-R', 'LOJA-VAR-D']) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/carts/items',
        headers: buyer.headers,
        payload: {
          product_id: row!.id,
          variant_id: variants.find((v) => v.sku === sku)!.id,
          quantity: 1,
        },
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
    const moved = fake.stockMovements.length;
    const again = await runSync('pending');
    expect(again.sync_summary).toMatchObject({ updated: 1, failed: 0 });
    const updated = fake.products.get(parent.id)!;
    expect(updated.variacoes.map((v) => [v.id, v.codigo, fake.stock.get(v.id)])).toEqual([
      [parent.variacoes[0]!.id, 'LOJA-VAR-D', 2],
      [parent.variacoes[1]!.id, 'LOJA-VAR-P', 5],
      [expect.any(Number), 'LOJA-VAR-R', 1],
    ]);
    // The new variation opened with the count after its sale; the other sale went on its own.
    expect(
      fake.stockMovements.slice(moved).map((m) => [m.productId, m.operation, m.quantity]),
    ).toEqual([
      [updated.variacoes[2]!.id, 'B', 1],
      [parent.variacoes[0]!.id, 'S', 1],
    ]);
    const linked = await ctx.database.db.select().from(blingVariantLinks);
    expect(linked.map((l) => l.blingId).sort()).toEqual(
      updated.variacoes.map((v) => String(v.id)).sort(),
    );
  });
});

describe('a Bling outage', () => {
  it('leaves the shop selling from its own stock; the movements wait for Bling', async () => {
    const { item, productId } = await broughtFromBling(
      { nome: 'Argola Rook Bling', codigo: 'BLING-O', preco: 30 },
      3,
    );
    // Bling answers 500 to the next call, whichever it is.
    fake.failNext(1, 500);
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, productId, 1);
    expect((await placeOrder(ctx.app, buyer.headers)).statusCode).toBe(201);
    expect(await stockOf(ctx.database, productId)).toBe(2);
    const down = await ctx.app.erp.pushStock();
    expect(down.sent).toBe(0);
    expect(down.stopped).toMatch(/Bling indisponível/);
    // Back up: the movement goes, once.
    expect(await ctx.app.erp.pushStock()).toMatchObject({ sent: 1, stopped: null });
    expect(fake.stock.get(item.id)).toBe(2);
  });
});

describe('paid orders', () => {
  it('become Bling sales orders once, with the contact found by CPF and items by SKU', async () => {
    const known = fake.addContact({ nome: 'Ana Souza', numeroDocumento: '52998224725' });
    const { productId } = await broughtFromBling(
      { nome: 'Labret Lua Bling', codigo: 'BLING-V', preco: 50 },
      5,
    );

    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.headers, productId, 2);
    // A 10 % coupon: Bling gets the items at their price and the discount on the sale.
    const coupon = await insertCoupon(ctx.database.db, { code: 'BLING10', value: 1000 });
    await ctx.database.db
      .update(carts)
      .set({ couponCode: coupon.code })
      .where(eq(carts.userId, buyer.user.id));
    const placed = await placeOrder(
      ctx.app,
      buyer.headers,
      checkoutBody({ customer_cpf: '529.982.247-25' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{
      order: { id: number; order_number: string; total_cents: number; discount_cents: number };
    }>().order;
    expect(order.discount_cents).toBe(950);
    // Not paid yet: nothing goes to Bling.
    expect(await ctx.app.erp.pushSalesOrders()).toMatchObject({ sent: 0 });

    expect((await payOrder(ctx.app, buyer.headers, order.id)).statusCode).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/simulate_payment`,
      headers: buyer.headers,
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // The order's note names the shop by the trade name its owner set, not the code's name.
    const before = (await ctx.app.inject({ url: '/api/admin/settings', headers: admin })).json<{
      settings: Record<string, unknown>;
    }>().settings;
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { settings: { ...before, trade_name: 'Ateliê Aurora' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ctx.app.erp.pushSalesOrders()).toMatchObject({ sent: 1, failed: 0 });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { settings: before },
    });
    expect(await ctx.app.erp.pushSalesOrders()).toMatchObject({ sent: 0 });
    expect(fake.salesOrders).toHaveLength(1);
    const sent = fake.salesOrders[0]!;
    expect(sent).toMatchObject({ numeroLoja: order.order_number, contatoId: known.id });
    expect(sent.body).toMatchObject({
      // At the price paid: the PIX price, 5 % under Bling's R$ 50,00.
      itens: [{ codigo: 'BLING-V', quantidade: 2, valor: 47.5 }],
      desconto: { valor: 9.5, unidade: 'REAL' },
      transporte: { fretePorConta: 0 },
      observacoes: `Pedido ${order.order_number} da loja Ateliê Aurora. Pagamento: PIX.`,
      parcelas: [{ observacoes: 'PIX', valor: order.total_cents / 100 }],
    });
    // Found by CPF: no second contact for the same person.
    expect(fake.contacts).toHaveLength(1);
    // The order's status answer names Bling's id.
    const status = await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: buyer.headers });
    expect(status.json<{ bling_id: string | null }>().bling_id).toBe(String(sent.id));
  });
});

describe('without Bling configured', () => {
  it('says so in pt-BR with 503 on every Bling action, never 500', async () => {
    const plain = await createTestContext();
    try {
      const owner = await createUser(plain.database, { role: 'admin' });
      const headers = bearerHeader((await signIn(plain.app, owner)).access_token);
      const answer = await plain.app.inject({ url: '/api/bling/status', headers });
      expect(answer.json()).toMatchObject({ configured: false, connected: false });
      for (const [method, url] of [
        ['GET', '/api/bling/oauth/start'],
        ['POST', '/api/products/sync_full_with_bling'],
        ['POST', '/api/products/sync_with_bling'],
      ] as const) {
        const response = await plain.app.inject({ method, url, headers });
        expect(response.statusCode).toBe(503);
        expect(response.json<ErrorJson>().message).toBe(BLING_TEXTS.notConfigured);
      }
      const webhook = await plain.app.inject({
        method: 'POST',
        url: '/api/webhooks/bling',
        headers: { 'content-type': 'application/json', 'x-bling-signature-256': 'sha256=00' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(503);
      const test = await plain.app.inject({
        method: 'POST',
        url: '/api/bling/test_webhook',
        headers,
      });
      expect(test.statusCode).toBe(503);
      const callback = await plain.app.inject({ url: '/api/bling/oauth/callback?code=x&state=y' });
      expect(callback.headers.location).toBe('/admin/produtos?bling=nao-configurado');
    } finally {
      await plain.close();
    }
  });
});
