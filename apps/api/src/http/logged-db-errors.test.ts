// A failing statement is logged without the values it was bound to: drizzle puts them in the
// error's message ("params: …") and PostgreSQL in its detail ("Failing row contains (…)",
// "Key (email)=(…)"), and those are CPFs, e-mails, addresses and password hashes.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema/users.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createUser } from '../test/user-builder.ts';
import { loggerOptions } from './logger.ts';
import { loadConfig } from '../config.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }));
  const app = Fastify({ logger: { ...(options as object), stream } });
  return { app, lines };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

describe('database errors in the log', () => {
  it('keep the statement and the reason, never the bound values', async () => {
    const { app, lines } = recordingLogger();
    const email = 'ana.souza.segredo@example.com';
    await createUser(database, { email });
    const errors = [
      // A unique violation: "Key (email)=(…) already exists."
      await failure(() =>
        database.db.insert(users).values({
          email,
          name: 'Ana Segredo',
          cpf: '52998224725',
          phone: '(11) 98765-4321',
          privacyPolicyAccepted: true,
          termsOfServiceAccepted: true,
        }),
      ),
      // A CHECK violation: "Failing row contains (…)".
      await failure(() =>
        database.db.execute(
          sql`insert into users (email, name, cpf, role, privacy_policy_accepted, terms_of_service_accepted) values (${'outra.segredo@example.com'}, ${'Bia Segredo'}, ${'11144477735'}, ${'chefe'}, true, true)`,
        ),
      ),
      // A bad input: 'invalid input syntax for type integer: "…"'.
      await failure(() => database.db.execute(sql`select ${'111.444.777-35'}::integer`)),
    ];
    for (const error of errors) app.log.error({ err: error }, 'request failed');
    const logged = lines.join('');
    expect(lines).toHaveLength(3);
    expect(logged).toContain('insert into');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toMatch(
      /segredo@example\.com|Segredo|52998224725|11144477735|111\.444\.777-35|98765-4321/,
    );
  });
});
