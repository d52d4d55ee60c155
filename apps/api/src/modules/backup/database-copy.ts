import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { AppError } from '../../http/app-error.ts';
import { readTar } from './tar.ts';

/**
 * A consistent copy of the embedded database while the shop runs. PGlite is one PostgreSQL
 * backend inside this process, and `dumpDataDir` reads its files while holding the query lock: a
 * state between two statements, which PostgreSQL opens as after a crash (an open transaction is
 * rolled back). Holding the transaction lock as well means no transaction is half-way at all, and
 * CHECKPOINT first writes the changed pages out, so the copy opens without replaying the log.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return Buffer.from(await tar.arrayBuffer());
}

/** Which data-folder entry names may be written: relative, no `..`, no odd characters. */
export function isSafeRelativePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Unpacks a `dumpPglite` copy into `target` (the new DATA_DIR/pglite). */
export async function restorePgliteDataDir(dump: Buffer, target: string): Promise<number> {
  let files = 0;
  for await (const entry of readTar([dump])) {
    const name = entry.name.replace(/^\/+/, '');
    if (name === '') continue;
    if (!isSafeRelativePath(name)) throw new Error(`unsafe path in the database copy: ${name}`);
    const path = join(target, name);
    if (entry.type === 'directory') {
      await mkdir(path, { recursive: true, mode: 0o700 });
      continue;
    }
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, entry.data, { mode: 0o600 });
    files += 1;
  }
  return files;
}

/**
 * libpq's environment for a postgres:// URL, so the password never appears in a command line
 * (which any user of the machine can list) nor in a log.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const host = parsed.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} not found on PATH`);
  }
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
function runClientTool(tool: string, args: string[], url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...libpqEnv(url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const errors: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new ToolMissingError(tool) : error),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`${tool} failed (exit ${code}): ${Buffer.concat(errors).toString().trim()}`),
        );
    });
  });
}

/**
 * pg_dump's custom format of the whole database: one snapshot (a repeatable-read transaction),
 * so what it holds is consistent whatever the shop writes meanwhile. Throws ToolMissingError when
 * pg_dump is not installed.
 */
export async function pgDump(url: string, tempFile: string): Promise<Buffer> {
  try {
    await runClientTool('pg_dump', ['--format=custom', '--no-owner', '--file', tempFile], url);
    return await readFile(tempFile);
  } finally {
    await rm(tempFile, { force: true });
  }
}

/** Tables a restore would collide with: any outside PostgreSQL's own schemas. */
export const USER_TABLES_SQL = `select count(*)::int as tables from pg_catalog.pg_tables
  where schemaname not in ('pg_catalog', 'information_schema')`;

/** Loads a pg_dump copy into the (empty) database at `url`, stopping at the first error. */
export async function pgRestore(url: string, dump: Buffer, tempFile: string): Promise<void> {
  await writeFile(tempFile, dump, { mode: 0o600, flag: 'wx' });
  try {
    await runClientTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--dbname', libpqEnv(url).PGDATABASE ?? '', tempFile],
      url,
    );
  } catch (error) {
    if (error instanceof ToolMissingError) {
      throw new AppError(
        'unavailable',
        'pg_restore não foi encontrado: instale o cliente do PostgreSQL (por exemplo apt-get install postgresql-client) e tente de novo. Nada foi restaurado.',
        { code: 'pg_restore_missing' },
      );
    }
    throw error;
  } finally {
    await rm(tempFile, { force: true });
  }
}
