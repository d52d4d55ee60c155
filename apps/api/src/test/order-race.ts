// Buyers racing for the last units across two real API processes sharing one PostgreSQL server:
// what in-process `inject` tests cannot show, since there every request shares one pool and one
// event loop. The set-up the race tests share: a database of their own, two processes, signed-up
// buyers with filled carts, and their orders sent at once while the stock is watched.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type Database, type Db, openPostgres } from '../db/database.ts';
import { registerUser } from './accounts.ts';
import {
  type ApiProcess,
  callApi as call,
  createDatabaseFromTemplate,
  STARTUP_TIMEOUT_MS,
  startApi,
  stopAllApis,
} from './api-process.ts';
import { checkoutBody } from './checkout-body.ts';

export interface OrderRace {
  /** The race's database, open from `beforeAll` on. */
  db(): Db;
  /** The process the `index`th request goes through: the two take turns. */
  via(index: number): ApiProcess;
}

type Answer = Awaited<ReturnType<typeof call>>;

/**
 * Inside a `describe` skipped unless `inject('testDatabase').driver` is 'postgres':
 * before its tests, a database copied from the run's template (named after `prefix`), `seed` on
 * it, then two API processes on it; after them, everything stopped and dropped.
 */
export function twoApiProcesses(prefix: string, seed: (db: Db) => Promise<void>): OrderRace {
  const template = inject('testDatabase');
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let apis: ApiProcess[] = [];

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
    const created = await createDatabaseFromTemplate(template.serverUrl, template.template, prefix);
    dropDatabase = () => created.drop();
    database = openPostgres(created.url, { poolMax: 2 });
    await seed(database.db);
    // Each buyer sends its own X-Forwarded-For, so 30 sign-ups from 127.0.0.1 are not throttled.
    const env = { TRUST_PROXY: '1' };
    // Both at once on a fresh database: they must take turns installing pg-boss's schema
    // (withInstallLock); before that lock one of them exited on a duplicate pg_namespace key.
    apis = await Promise.all([startApi(created.url, env), startApi(created.url, env)]);
  }, 2 * STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopAllApis();
    await database?.close();
    await dropDatabase?.();
  }, 60_000);

  return {
    db() {
      if (!database) throw new Error('the race database is open only from beforeAll on');
      return database.db;
    },
    via: (index) => apis[index % 2]!,
  };
}

/**
 * Signs up one buyer per cart body (`{emailPrefix}{index}@example.com`), each from an address of its
 * own, then puts that body in its cart through the other process than the one it signed up on.
 * Answers each buyer's Authorization header, in the bodies' order.
 */
export async function buyersWithCarts(
  race: OrderRace,
  emailPrefix: string,
  carts: readonly Record<string, unknown>[],
): Promise<string[]> {
  const authorizations = await Promise.all(
    carts.map(async (_, index) => {
      const registered = await call(race.via(index), 'POST', '/api/users/register', {
        body: { user: registerUser({ email: `${emailPrefix}${index}@example.com` }) },
        headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
      });
      expect(registered.status, JSON.stringify(registered.json)).toBe(201);
      return `Bearer ${String(registered.json.access_token)}`;
    }),
  );
  for (const [index, authorization] of authorizations.entries()) {
    const added = await call(race.via(index + 1), 'POST', '/api/carts/items', {
      body: carts[index],
      headers: { authorization },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
  }
  return authorizations;
}

/**
 * Every buyer sends its order at once while `stockNow` is read without pause. Answers in the
 * buyers' order, and every stock seen meanwhile.
 */
export async function orderAtOnce(
  race: OrderRace,
  authorizations: readonly string[],
  stockNow: () => Promise<number>,
): Promise<{ answers: Answer[]; observed: number[] }> {
  const observed: number[] = [];
  let racing = true;
  const watcher = (async () => {
    while (racing) observed.push(await stockNow());
  })();
  const answers = await Promise.all(
    authorizations.map((authorization, index) =>
      call(race.via(index), 'POST', '/api/orders', {
        body: checkoutBody(),
        headers: { authorization, 'idempotency-key': randomUUID() },
      }),
    ),
  );
  racing = false;
  await watcher;
  return { answers, observed };
}

/** A refused order: a client error saying the last unit of the product is gone. */
export function expectSoldOut(answer: Answer, productName: string): void {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.json.message).toBe(
    `Estoque insuficiente para "${productName}": restam 0 unidades.`,
  );
}
