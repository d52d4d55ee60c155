// Two API processes (two connection pools) on one PostgreSQL, two administrators clicking 'Gerar
// etiqueta' for the same order at the same moment: one label is claimed and bought, Melhor Envio
// hears one cart call. Runs only against PostgreSQL (TEST_DATABASE_URL): PGlite is one
// process's database.
import type { LabelJson } from '@lumina/shared/fulfilment/fulfilment-json';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../db/database.ts';
import { shippingLabels } from '../../db/schema/fulfilment.ts';
import { createDatabaseFromTemplate } from '../../test/api-process.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  createMemoryMelhorEnvio,
  labelFixture,
  labelTestEnv,
  testAdapter,
} from './label-test-kit.ts';

const template = inject('testDatabase');

describe.skipIf(template.driver !== 'postgres')('two processes buying one label', () => {
  const contexts: TestContext[] = [];
  let drop: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lumina-label-race-'));

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('claims one label and calls the cart once', async () => {
    if (template.driver !== 'postgres') return;
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_label_race',
    );
    drop = created.drop;
    // One Melhor Envio for both processes, as in life.
    const me = createMemoryMelhorEnvio();
    for (let i = 0; i < 2; i += 1) {
      contexts.push(
        await createTestContext({
          database: openPostgres(created.url, { poolMax: 4 }),
          env: labelTestEnv(dataDir),
          melhorEnvio: testAdapter(() => me),
        }),
      );
    }
    const [a, b] = contexts as [TestContext, TestContext];
    const fixture = labelFixture(a.app, a.database);
    const first = await fixture.admin();
    const second = await fixture.admin();
    await fixture.storeSettings(first.headers);
    // The other process reads the saved settings (its LISTEN would bring them a moment later).
    await b.app.settings.load();
    const order = await fixture.order(first.headers);
    const secondHeaders = await labelFixture(b.app, b.database).headersOf(second.user);

    const release = me.hold('addToCart');
    const buy = (context: TestContext, headers: Record<string, string>) =>
      context.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/label`, headers });
    const answers = Promise.all([buy(a, first.headers), buy(b, secondHeaders)]);
    await expect.poll(() => me.calls.addToCart).toBe(1);
    // A third click, in the other process, while the cart call is out: the label is held.
    const late = await buy(b, secondHeaders);
    release();
    const [fromA, fromB] = await answers;
    expect(fromA.statusCode, fromA.body).toBe(200);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(late.statusCode, late.body).toBe(200);
    const labels = [fromA, fromB, late].map((answer) => answer.json<{ label: LabelJson }>().label);
    expect(new Set(labels.map((label) => label.id)).size).toBe(1);
    expect(labels.map((label) => label.state).sort()).toEqual(['claimed', 'claimed', 'generated']);
    expect(me.calls.addToCart).toBe(1);
    expect(me.byTag(order.order_number)).toHaveLength(1);
    const rows = await a.database.db
      .select()
      .from(shippingLabels)
      .where(eq(shippingLabels.orderId, order.id));
    expect(rows).toHaveLength(1);
  });
});
