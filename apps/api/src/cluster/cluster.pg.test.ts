// WEB_CONCURRENCY=2 on PostgreSQL: one port served by two worker processes
// that share the flood guard, deliver each e-mail once, and are replaced when one dies. Runs only
// in `npm run test:pg`: the embedded database is one process's.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser } from '../test/accounts.ts';
import {
  type ApiProcess,
  createDatabaseFromTemplate,
  STARTUP_TIMEOUT_MS,
  startApi,
  stopApi,
} from '../test/api-process.ts';
import { childrenOf } from '../test/processes.ts';

const template = inject('testDatabase');
const RATE_LIMIT = 24;

/** One request on a connection of its own, so the cluster may hand it to either worker. */
function call(
  api: ApiProcess,
  method: string,
  path: string,
  options: { body?: unknown; from?: string } = {},
): Promise<{ status: number; body: string }> {
  const { body, from = '203.0.113.1' } = options;
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${api.baseUrl}${path}`,
      {
        method,
        agent: false,
        // TRUST_PROXY is on: each test speaks for a client address of its own.
        headers: {
          'x-forwarded-for': from,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer to ${method} ${path} in 5 s`)));
    req.once('error', reject);
    req.end(payload);
  });
}

/** Under a busy CI machine a worker takes a while to start: wait as long as a start may take. */
async function waitFor(check: () => boolean, timeoutMs = STARTUP_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(template.driver !== 'postgres')('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let api: ApiProcess;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (template.driver !== 'postgres') return;
    const created = await createDatabaseFromTemplate(
      template.serverUrl,
      template.template,
      'lumina_cluster',
    );
    dropDatabase = created.drop;
    api = await startApi(created.url, {
      WEB_CONCURRENCY: '2',
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    if (api) await stopApi(api);
    await dropDatabase?.();
  });

  it(
    'runs two workers under the primary, both answering on its one port',
    async () => {
      const primary = api.child.pid ?? 0;
      await waitFor(() => childrenOf(primary).length === 2);
      await waitFor(() => api.output.join('').split('"msg":"started"').length - 1 === 2);
      // Every request on its own connection: round-robin hands them to both workers.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call(api, 'GET', '/api/health')),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    'counts the flood guard once for both workers',
    async () => {
      const statuses: number[] = [];
      // Sequential, each on a new connection: the workers take turns, so with a guard per
      // process every one of these would pass (each worker would see about half).
      for (let i = 0; i < RATE_LIMIT + 10; i++) {
        const answer = await call(api, 'GET', '/api/products?per_page=1', { from: '203.0.113.7' });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
      expect(statuses.slice(RATE_LIMIT)).toEqual(Array(10).fill(429));
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    'writes each e-mail once, whichever worker delivers it',
    async () => {
      const emails = ['ana', 'bia', 'caio'].map((name) => `${name}.cluster@example.com`);
      for (const email of emails) {
        const answer = await call(api, 'POST', '/api/users/register', {
          body: { user: registerUser({ email }) },
          from: '203.0.113.8',
        });
        expect(answer.status, answer.body).toBe(201);
      }
      const outbox = join(api.dataDir, 'outbox');
      const files = () => {
        try {
          return readdirSync(outbox);
        } catch {
          return [];
        }
      };
      await waitFor(() => files().length >= emails.length);
      // Both workers run the outbox job and kick it: a second copy would show up meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const recipients = files().map((file) => {
        const text = readFileSync(join(outbox, file), 'utf8');
        return /^To: (.+)$/m.exec(text)?.[1]?.trim();
      });
      expect(recipients.sort()).toEqual([...emails].sort());
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    'replaces a worker that dies, the other answering meanwhile',
    async () => {
      const primary = api.child.pid ?? 0;
      const [victim] = childrenOf(primary);
      process.kill(victim ?? 0, 'SIGKILL');
      // Connections the primary had already handed to the worker in the instant it died are lost
      // with it (they time out): once the primary has seen the death, new ones go to the other.
      await waitFor(() => api.output.join('').includes('worker stopped: starting another'));
      expect((await call(api, 'GET', '/api/health')).status).toBe(200);
      await waitFor(() => {
        const workers = childrenOf(primary);
        return workers.length === 2 && !workers.includes(victim ?? 0);
      });
      await waitFor(() => api.output.join('').split('"msg":"started"').length - 1 === 3);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call(api, 'GET', '/api/health')),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    },
    STARTUP_TIMEOUT_MS,
  );
});
