// Two API processes (two connection pools) on one PostgreSQL meet Bling's refusal of the same
// access token at once: the refresh token rotates on use, so only one may spend it. Runs only in
// `npm run test:pg`: PGlite is one process's database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../../db/database.ts';
import {
  type FakeBlingServer,
  startFakeBlingServer,
} from '../../integrations/bling/fake-bling-server.ts';
import { createDatabaseFromTemplate } from '../../test/api-process.ts';
import { createUser } from '../../test/user-builder.ts';
import { LOW_STOCK_THRESHOLD } from '@lumina/shared/settings/store-settings';
import { createSecurityLog } from '../security/security-log.ts';
import { createErp } from './erp.ts';

const template = inject('testDatabase');

describe.skipIf(template.driver !== 'postgres')('Bling token renewal across processes', () => {
  const databases: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  let fake: FakeBlingServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-bling-race-'));

  afterAll(async () => {
    for (const database of databases) await database.close();
    await drop?.();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renews once, and both processes go on with the one new token', async () => {
    if (template.driver !== 'postgres') return;
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_bling_tokens',
    );
    drop = created.drop;
    fake = await startFakeBlingServer();
    const config = {
      blingClientId: fake.clientId,
      blingClientSecret: fake.clientSecret,
      blingApiUrl: fake.apiUrl,
      blingAuthUrl: fake.authUrl,
      blingTokenKey: 'b'.repeat(64),
      blingTimeoutMs: 5_000,
      dataDir,
    };
    const [a, b] = [0, 1].map(() => {
      const database = openPostgres(created.url, { poolMax: 3 });
      databases.push(database);
      return createErp({
        config,
        db: database.db,
        now: () => new Date(),
        securityLog: createSecurityLog(database.db),
        jobs: undefined,
        onCatalogChange: () => undefined,
        // The token race moves no stock: an alert would have nobody to reach.
        stockWatch: {
          lowStock: {
            defaultThreshold: () => LOW_STOCK_THRESHOLD.default,
            notify: () => Promise.resolve(),
          },
          restock: { restocked: () => Promise.resolve() },
        },
        photos: { add: () => Promise.reject(new Error('no photos in this test')) },
        shopName: () => 'Loja Teste',
      });
    }) as [ReturnType<typeof createErp>, ReturnType<typeof createErp>];

    const owner = await createUser(databases[0]!, { role: 'admin' });
    const { state } = await a.connection.startAuthorization({ id: owner.id, ip: '127.0.0.1' });
    await a.connection.completeAuthorization({
      code: fake.issueCode(),
      state,
      cookieState: state,
      ip: '127.0.0.1',
    });
    const refused = await a.connection.tokens.current();
    fake.expireAccessTokens();

    // Both processes were told 401 for the same token, at the same moment.
    const [fromA, fromB] = await Promise.all([
      a.connection.tokens.renew(refused),
      b.connection.tokens.renew(refused),
    ]);
    expect(fake.tokenRefreshes).toBe(1);
    expect(fromA).toBe(fromB);
    expect(fromA).not.toBe(refused);
    const answer = await fetch(`${fake.apiUrl}/depositos`, {
      headers: { authorization: `Bearer ${fromB}` },
    });
    expect(answer.status).toBe(200);
  });
});
