import { lstat, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../db/database.ts';
import { uploadsDirOf } from '../../http/uploads.ts';
import type { JobLogger } from '../../jobs/job-runner.ts';
import { readFileIfPresent } from '../../lib/read-file-if-present.ts';
import { JWT_SECRET_FILE } from '../auth/jwt-secret.ts';
import { BLING_KEY_FILE } from '../erp/token-cipher.ts';
import { type ArchiveFile, type DatabaseCopy, writeBackupArchive } from './archive.ts';
import { dumpPglite, pgDump, ToolMissingError } from './database-copy.ts';
import { backupFileName, backupsToPrune, stalePartials } from './retention.ts';

/**
 * The secrets the shop generates into DATA_DIR when they are not configured (lib/secret-file.ts):
 * without them a restored shop signs everyone out and cannot read its Bling connection.
 */
export const SECRET_FILES = [JWT_SECRET_FILE, BLING_KEY_FILE] as const;

export const PGLITE_COPY = 'database/pglite-data.tar';
export const PG_DUMP_COPY = 'database/postgres.dump';

export const PG_DUMP_MISSING =
  'pg_dump not found: this backup holds the uploads and keys but NOT the database; install the PostgreSQL client (apt-get install postgresql-client, the same major version as the server or newer) or back the database up on the server';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  database: DatabaseCopy['kind'];
  files: number;
  pruned: string[];
}

export interface BackupServiceOptions {
  dataDir: string;
  backupDir: string;
  database: Pick<Database, 'driver' | 'pglite'>;
  /** With the postgres driver: what pg_dump connects to. */
  databaseUrl: string | undefined;
  log: Pick<JobLogger, 'info' | 'warn'>;
  now?: () => Date;
}

export interface BackupService {
  /** Takes one backup now (one at a time in this process), then prunes the old ones. */
  takeBackup(reason: 'nightly' | 'manual'): Promise<BackupResult>;
}

/** Every regular file under `dir`, as paths relative to it; nothing when it does not exist. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(dir, prefix));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const name of names.sort()) {
    const relative = prefix ? `${prefix}/${name}` : name;
    const info = await lstat(join(dir, relative));
    if (info.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (info.isFile()) files.push(relative);
  }
  return files;
}

/** DATA_DIR's uploads and generated secrets, as archive entries under `data/`. */
async function* dataFiles(dataDir: string): AsyncGenerator<ArchiveFile> {
  for (const name of SECRET_FILES) {
    const data = await readFileIfPresent(join(dataDir, name));
    if (data) yield { path: `data/${name}`, data, mode: 0o600 };
  }
  const uploads = uploadsDirOf(dataDir);
  for (const relative of await listFiles(uploads)) {
    // A photo deleted between the listing and the read is simply not in this backup.
    const data = await readFileIfPresent(join(uploads, relative));
    if (data) yield { path: `data/uploads/${relative}`, data, mode: 0o644 };
  }
}

export function createBackupService(options: BackupServiceOptions): BackupService {
  const now = options.now ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();

  async function databaseCopy(at: Date): Promise<{ copy: DatabaseCopy; data: Buffer | null }> {
    const { database } = options;
    if (database.driver === 'pglite') {
      if (!database.pglite) throw new Error('embedded database without its PGlite instance');
      return {
        copy: { kind: 'pglite-data-dir', file: PGLITE_COPY },
        data: await dumpPglite(database.pglite),
      };
    }
    if (!options.databaseUrl) throw new Error('postgres backup needs the database URL');
    const temp = join(options.backupDir, `.pg-dump-${at.getTime()}-${process.pid}.partial`);
    try {
      const data = await pgDump(options.databaseUrl, temp);
      return { copy: { kind: 'pg-dump-custom', file: PG_DUMP_COPY }, data };
    } catch (error) {
      if (!(error instanceof ToolMissingError)) throw error;
      options.log.warn({}, PG_DUMP_MISSING);
      return { copy: { kind: 'none', reason: PG_DUMP_MISSING }, data: null };
    }
  }

  async function prune(): Promise<string[]> {
    const names = await readdir(options.backupDir);
    const doomed = [...backupsToPrune(names), ...stalePartials(names, now())];
    for (const name of doomed) await rm(join(options.backupDir, name), { force: true });
    return doomed;
  }

  async function take(reason: 'nightly' | 'manual'): Promise<BackupResult> {
    const started = performance.now();
    const at = now();
    await mkdir(options.backupDir, { recursive: true, mode: 0o700 });
    const { copy, data } = await databaseCopy(at);
    async function* entries(): AsyncGenerator<ArchiveFile> {
      if (data && copy.kind !== 'none') yield { path: copy.file, data, mode: 0o600 };
      yield* dataFiles(options.dataDir);
    }
    const file = join(options.backupDir, backupFileName(at));
    const manifest = await writeBackupArchive(file, entries(), {
      createdAt: at.toISOString(),
      driver: options.database.driver,
      database: copy,
    });
    const pruned = await prune();
    const result: BackupResult = {
      file,
      bytes: (await stat(file)).size,
      ms: Math.round(performance.now() - started),
      database: copy.kind,
      files: manifest.files.length,
      pruned,
    };
    options.log.info({ reason, ...result }, 'backup written');
    return result;
  }

  return {
    takeBackup(reason) {
      const run = queue.then(() => take(reason));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
