// Two API processes on one PostgreSQL: settings saved through one are what the other's
// GET /api/store answers at once, without a restart, and what its pages, e-mails and PIX codes
// say. Runs only in `npm run test:pg`: PGlite is
// one process's database.
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { parsePixBrCode } from '../../integrations/pix/parse-br-code.ts';
import { checkoutBody } from '../../test/checkout-body.ts';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { type Database, openPostgres } from '../../db/database.ts';
import { TEST_PASSWORD } from '../../test/accounts.ts';
import {
  type ApiProcess,
  callApi,
  createDatabaseFromTemplate,
  STARTUP_TIMEOUT_MS,
  startApi,
  stopAllApis,
} from '../../test/api-process.ts';
import { createSettingsBody } from '../../test/settings-builder.ts';
import { createUser } from '../../test/user-builder.ts';

const template = inject('testDatabase');

/** A web build whose renderer writes the footer's names it was handed (entry-server.tsx's part). */
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Loja</title></head><body><div id="root"></div></body></html>`;
const RENDERER = `export async function renderPage(url, { data }) {
  const { store } = data.store();
  return { html: '<footer>' + store.trade_name + ' | ' + store.legal_name + '</footer>', state: [] };
}`;
/** Well inside the catalogue cache's lifetime that a process without the notice would wait. */
const SEEN_WITHIN_MS = 2_000;

describe.skipIf(template.driver !== 'postgres')('store settings across processes', () => {
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ApiProcess;
  let b: ApiProcess;
  let admin: Record<string, string> = {};
  let smtp: TestSmtpServer | undefined;
  let dist = '';
  let productId = 0;

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
    smtp = await startTestSmtpServer();
    dist = mkdtempSync(join(tmpdir(), 'lumina-settings-web-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    mkdirSync(join(dist, 'ssr'));
    writeFileSync(join(dist, 'ssr', 'entry-server.js'), RENDERER);
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_settings_notify',
    );
    dropDatabase = created.drop;
    database = openPostgres(created.url, { poolMax: 2 });
    await createUser(database, {
      role: 'admin',
      email: 'dona@example.com',
      password: TEST_PASSWORD,
    });
    await createUser(database, { email: 'cliente@example.com', password: TEST_PASSWORD });
    [productId] = (await insertProducts(database.db, [
      createProduct({ name: 'Argola Lua', price_cents: 10_000, stock_quantity: 10 }),
    ])) as [number];
    const env = { PIX_MERCHANT_NAME: 'Loja Primeira', SMTP_URL: smtp.url, WEB_DIST_DIR: dist };
    [a, b] = await Promise.all([startApi(created.url, env), startApi(created.url, env)]);
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
    await smtp?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  }, 60_000);

  const storeOn = async (api: ApiProcess) =>
    (await callApi(api, 'GET', '/api/store')).json.store as PublicStoreJson;

  it('a save on A is what B answers at once', async () => {
    // Both started together on an empty table: one first-start version, read by both.
    expect((await storeOn(a)).trade_name).toBe('Loja Primeira');
    expect((await storeOn(b)).trade_name).toBe('Loja Primeira');

    const saved = await callApi(a, 'PUT', '/api/admin/settings', {
      headers: admin,
      body: {
        settings: createSettingsBody({ trade_name: 'Loja Segunda', pix_discount_percent: 8 }),
      },
    });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    let store = await storeOn(b);
    while (store.trade_name !== 'Loja Segunda') {
      if (Date.now() - savedAt > SEEN_WITHIN_MS) throw new Error('B never saw the change');
      await new Promise((resolve) => setTimeout(resolve, 25));
      store = await storeOn(b);
    }
    expect(store.pix_discount_percent).toBe(8);

    const versions = await callApi(b, 'GET', '/api/admin/settings/versions', { headers: admin });
    expect(
      (versions.json.versions as { version: number }[]).map((version) => version.version),
    ).toEqual([2, 1]);
  });

  it("B's pages, e-mails and PIX codes speak with what was saved on A", async () => {
    // The previous test saved 'Loja Segunda' on A and saw it on B.
    const home = await fetch(`${b.baseUrl}/`);
    const html = await home.text();
    expect(html).toContain('<footer>Loja Segunda | Aurora Joias Ltda</footer>');
    expect(html).toContain('<title>Joias para piercing | Loja Segunda</title>');
    expect(html).toContain('"legalName":"Aurora Joias Ltda"');

    const reset = await callApi(b, 'POST', '/api/password_resets', {
      body: { email: 'cliente@example.com' },
    });
    expect(reset.status).toBe(200);
    const mail = await smtp!.waitForMail('cliente@example.com');
    expect(mail.from).toBe('Ateliê Aurora <loja@aurora.example>');
    expect(mail.headers['reply-to']).toBe('sac@aurora.example');
    expect(mail.subject).toBe('Redefinição de senha - Loja Segunda');
    expect(mail.text).toContain(
      'Equipe Loja Segunda\n\n--\nAurora Joias Ltda · CNPJ 11.222.333/0001-81',
    );

    const login = await callApi(b, 'POST', '/api/auth/login', {
      body: { email: 'cliente@example.com', password: TEST_PASSWORD },
    });
    const customer = { authorization: `Bearer ${String(login.json.access_token)}` };
    const added = await callApi(b, 'POST', '/api/carts/items', {
      headers: customer,
      body: { product_id: productId, quantity: 1 },
    });
    expect(added.status).toBe(201);
    const placed = await callApi(b, 'POST', '/api/orders', {
      headers: customer,
      body: checkoutBody(),
    });
    expect(placed.status).toBe(201);
    const orderId = (placed.json.order as { id: number }).id;
    const paid = await callApi(b, 'POST', `/api/orders/${orderId}/mercadopago_payment`, {
      headers: customer,
      body: { payment_method: 'pix' },
    });
    expect(paid.status).toBe(200);
    const code = parsePixBrCode((paid.json.pix_data as { qr_code: string }).qr_code);
    expect(code.fields['59']).toBe('Loja Segunda');
    expect(code.fields['60']).toBe('Belo Horizonte');
  });
});
