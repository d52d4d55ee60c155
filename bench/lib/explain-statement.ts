// The plan PostgreSQL runs for one of the API's own reads: the statement is captured where
// node-postgres sends it (so it is exactly the API's text and parameters), then run again under
// EXPLAIN (ANALYZE, BUFFERS).
import { type Database, openPostgres } from '../../apps/api/src/db/database.ts';
import { poolOf } from '../../apps/api/src/jobs/pg-boss-db.ts';
import { must } from './must.ts';
import { percentile } from './percentile.ts';

interface CapturedStatement {
  text: string;
  values: unknown[];
}

export interface PlanFigures {
  /** Median of the runs, as PostgreSQL reports them (ms). */
  executionMs: number;
  planningMs: number;
  /** The last run's plan, as EXPLAIN (ANALYZE, BUFFERS) prints it. */
  plan: string[];
}

/** Every statement node-postgres sends on this database's connections, text and values, in order. */
function captureStatements(database: Database): CapturedStatement[] {
  const pool = poolOf(database);
  must(pool, 'openPostgres returned no pg.Pool');
  const captured: CapturedStatement[] = [];
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      // node-postgres takes (text, values) or ({ text, values? }, values); drizzle sends the
      // latter with the values apart.
      const [first, second] = args;
      const text =
        typeof first === 'string'
          ? first
          : first && typeof first === 'object' && 'text' in first
            ? String(first.text)
            : undefined;
      const inConfig =
        first && typeof first === 'object' && 'values' in first ? first.values : undefined;
      const values = Array.isArray(inConfig) ? inConfig : Array.isArray(second) ? second : [];
      if (text !== undefined) captured.push({ text, values: values as unknown[] });
      return query(...args);
    };
  });
  return captured;
}

/** A time EXPLAIN ANALYZE prints on a line of its own ('Execution Time: 1.234 ms'), or NaN. */
export function planTime(plan: readonly string[], label: string): number {
  return Number(
    plan.find((line) => line.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN,
  );
}

/**
 * Runs `statement` `runs` times under EXPLAIN (ANALYZE, BUFFERS) on `database`: the median
 * execution and planning times (one run is at the mercy of the machine) and the last plan.
 */
async function explainStatement(
  database: Database,
  statement: CapturedStatement,
  runs: number,
): Promise<PlanFigures> {
  const pool = poolOf(database);
  must(pool, 'openPostgres returned no pg.Pool');
  const execution: number[] = [];
  const planning: number[] = [];
  let plan: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    );
    plan = result.rows.map((row) => row['QUERY PLAN']);
    execution.push(planTime(plan, 'Execution Time'));
    planning.push(planTime(plan, 'Planning Time'));
  }
  return {
    executionMs: percentile(execution, 50),
    planningMs: percentile(planning, 50),
    plan,
  };
}

/**
 * Opens `url` on one connection, lets `read` run the API's read once there, and explains the
 * first statement it sent.
 */
export async function explainRead(
  url: string,
  read: (database: Database) => Promise<unknown>,
  runs: number,
): Promise<PlanFigures & { statement: string }> {
  const database = openPostgres(url, { poolMax: 1 });
  try {
    const captured = captureStatements(database);
    await read(database);
    const statement = captured[0];
    must(statement, 'the read ran no statement');
    return { ...(await explainStatement(database, statement, runs)), statement: statement.text };
  } finally {
    await database.close();
  }
}

/** Transaction control and settings: run by a read, but nothing to explain. */
const NOT_EXPLAINED = /^\s*(begin|start|commit|rollback|set |select set_config)/i;

/**
 * As explainRead, for a read made of several statements: explains each query it sent, in order,
 * after `settings` (statements run once on the connection, e.g. the SET LOCAL equivalents the
 * read applies inside its own transaction).
 */
export async function explainReads(
  url: string,
  read: (database: Database) => Promise<unknown>,
  runs: number,
  settings: string[] = [],
): Promise<(PlanFigures & { statement: string })[]> {
  const database = openPostgres(url, { poolMax: 1 });
  try {
    const captured = captureStatements(database);
    await read(database);
    const queries = captured.filter((statement) => !NOT_EXPLAINED.test(statement.text));
    must(queries.length > 0, 'the read ran no statement');
    const pool = poolOf(database);
    must(pool, 'openPostgres returned no pg.Pool');
    for (const setting of settings) await pool.query(setting);
    const plans: (PlanFigures & { statement: string })[] = [];
    for (const statement of queries) {
      plans.push({
        ...(await explainStatement(database, statement, runs)),
        statement: statement.text,
      });
    }
    return plans;
  } finally {
    await database.close();
  }
}
