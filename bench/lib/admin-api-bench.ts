// The frame of a benchmark of one admin endpoint on PostgreSQL: a temporary database, the compiled
// API on it (it migrates and creates the administrator), a seed through one connection, a login
// over HTTP, requests timed one at a time at a boosted priority, and the checks that say whether
// the figures can be trusted. Shared by admin-products.ts and dashboard.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openPostgres } from '../../apps/api/src/db/database.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { type CpuSplit, startCpuSplit } from './cpu-split.ts';
import { jsonRequest } from './json-request.ts';
import { must } from './must.ts';
import { createTemporaryDatabase } from './postgres-database.ts';
import { withHighPriority } from './priority.ts';
import { waitForQuietMachine } from './quiet-machine.ts';

export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'bench-only-jwt-secret-0123456789abcdef0123';

export interface AdminApiOptions<Seeded> {
  /** Names the temporary database (lumina_bench_<name>) and data directory. */
  name: string;
  /** Who the API makes at start, as the progress and error lines call them. */
  who: 'admin' | 'owner';
  // The API creates this user at start (ADMIN_EMAIL/ADMIN_PASSWORD, users/admin.ts), the way an
  // operator without the admin:create script would; the benchmark then logs in over HTTP.
  email: string;
  password: string;
  /** Writes the benchmark's data once the API has migrated the database. */
  seed(database: Database): Promise<Seeded>;
}

export interface AdminApi {
  api: ApiProcess;
  /** The temporary database, for EXPLAIN on a pool of the benchmark's own process. */
  databaseUrl: string;
  /** The logged-in user's bearer token. */
  headers: Record<string, string>;
}

async function logIn(
  api: ApiProcess,
  { who, email, password }: Pick<AdminApiOptions<unknown>, 'who' | 'email' | 'password'>,
): Promise<Record<string, string>> {
  const answer = await jsonRequest('POST', `${api.baseUrl}/api/auth/login`, { email, password });
  const token = answer.json.access_token;
  must(
    answer.status === 200 && typeof token === 'string',
    `${who} login: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`,
  );
  return { authorization: `Bearer ${token}` };
}

/** Runs `measure` against the API on a seeded temporary database; removes both afterwards. */
export async function withAdminApi<Seeded, Result>(
  options: AdminApiOptions<Seeded>,
  measure: (admin: AdminApi, seeded: Seeded) => Promise<Result>,
): Promise<Result> {
  const database = await createTemporaryDatabase(
    BENCH_POSTGRES_URL,
    `lumina_bench_${options.name}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), `lumina-bench-${options.name}-`));
  let api: ApiProcess | undefined;
  try {
    console.error(
      `· starting the API on database ${database.name} (it migrates, makes the ${options.who})`,
    );
    api = await startApiProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET,
      ADMIN_EMAIL: options.email,
      ADMIN_PASSWORD: options.password,
    });
    const seedConnection = openPostgres(database.url, { poolMax: 1 });
    let seeded: Seeded;
    try {
      seeded = await options.seed(seedConnection);
    } finally {
      await seedConnection.close();
    }
    const headers = await logIn(api, options);
    return await measure({ api, databaseUrl: database.url, headers }, seeded);
  } finally {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

export interface TimedRequests {
  times: number[];
  cores: CpuSplit;
  quietStart: boolean;
}

/**
 * Once the machine is quiet, `warmUp` requests, then `requests` timed ones (each `request`
 * returns its time in ms), the API and this process at a boosted priority.
 */
export async function timeRequests(
  api: ApiProcess,
  label: string,
  { warmUp, requests }: { warmUp: number; requests: number },
  request: () => Promise<number>,
): Promise<TimedRequests> {
  const quietStart = await waitForQuietMachine(label);
  const { times, cores } = await withHighPriority([api.pid], async () => {
    console.error(`· ${label}: ${warmUp} warm-up requests, then ${requests}`);
    // A wrong answer during the warm-up counts too: every answer must be the one asked for.
    for (let index = 0; index < warmUp; index += 1) await request();
    const endCpu = startCpuSplit([api.pid]);
    const times: number[] = [];
    for (let index = 0; index < requests; index += 1) times.push(await request());
    return { times, cores: endCpu() };
  });
  return { times, cores, quietStart };
}

/** Above this many cores used by other processes during a case, its figures are not trustworthy. */
const BUSY_MACHINE_CORES = 0.2;

export interface CaseHealth {
  label: string;
  wrongAnswers: string[];
  quietStart: boolean;
  cores: CpuSplit;
}

/**
 * Prints each case's wrong answers and the signs of a busy machine; false when an answer was
 * wrong (a non-200 or not the page asked for is not a measurement).
 */
export function reportCaseHealth(cases: CaseHealth[]): boolean {
  let trustworthy = true;
  for (const c of cases) {
    for (const problem of c.wrongAnswers.slice(0, 3)) {
      console.error(`  ${c.label}: ${problem}`);
      trustworthy = false;
    }
    if (!c.quietStart) console.error(`  ${c.label}: the machine was busy when it started`);
    if (c.cores.other > BUSY_MACHINE_CORES) {
      console.log(
        `WARNING: ${c.label}: other processes used ${c.cores.other.toFixed(2)} cores; rerun when the machine is quiet.`,
      );
    }
  }
  return trustworthy;
}
