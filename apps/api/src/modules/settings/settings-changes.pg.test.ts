// Two API processes on one PostgreSQL: settings saved through one are what the other's
// GET /api/store answers at once, without a restart. Runs only in `npm run test:pg`: PGlite is
// one process's database.
import type { PublicStoreJson } from '@lumina/shared/settings/store-settings';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
/** Well inside the catalogue cache's lifetime that a process without the notice would wait. */
const SEEN_WITHIN_MS = 2_000;

describe.skipIf(template.driver !== 'postgres')('store settings across processes', () => {
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ApiProcess;
  let b: ApiProcess;
  let admin: Record<string, string> = {};

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
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
    [a, b] = await Promise.all([
      startApi(created.url, { PIX_MERCHANT_NAME: 'Loja Primeira' }),
      startApi(created.url, { PIX_MERCHANT_NAME: 'Loja Primeira' }),
    ]);
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
});
