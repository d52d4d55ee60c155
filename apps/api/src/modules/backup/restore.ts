import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { openDatabase } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { type BackupManifest, readArchiveEntries, verifyBackupArchive } from './archive.ts';
import {
  isSafeRelativePath,
  pgRestore,
  restorePgliteDataDir,
  USER_TABLES_SQL,
} from './database-copy.ts';

export interface RestoreOptions {
  file: string;
  /** The new DATA_DIR: must not exist or be empty. */
  dataDir: string;
  /** Set: the backup's pg_dump copy goes into this (empty) PostgreSQL database. */
  databaseUrl: string | undefined;
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
  orders: number;
}

async function isEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function checkTargets(options: RestoreOptions, manifest: BackupManifest): Promise<void> {
  if (!(await isEmptyFolder(options.dataDir))) {
    throw new AppError(
      'conflict',
      `A pasta de dados ${options.dataDir} não está vazia: a restauração só escreve numa pasta nova ou vazia, para nunca misturar dois bancos. Escolha outra pasta (DATA_DIR=./data-restaurado) e tente de novo.`,
      { code: 'restore_target_not_empty' },
    );
  }
  const kind = manifest.database.kind;
  if (kind === 'pglite-data-dir' && options.databaseUrl) {
    throw new AppError(
      'conflict',
      'Este backup é do banco embutido (PGlite): restaure sem DATABASE_URL, numa pasta de dados vazia.',
      { code: 'restore_wrong_driver' },
    );
  }
  if (kind === 'pg-dump-custom' && !options.databaseUrl) {
    throw new AppError(
      'conflict',
      'Este backup é de um servidor PostgreSQL: defina DATABASE_URL com um banco vazio (createdb lumina_restaurado) e tente de novo.',
      { code: 'restore_needs_database_url' },
    );
  }
  if (kind === 'pg-dump-custom' && options.databaseUrl)
    await checkEmptyDatabase(options.databaseUrl);
}

async function checkEmptyDatabase(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '', poolMax: 1 });
  try {
    const [row] = rowsOf<{ tables: number }>(await database.db.execute(sql.raw(USER_TABLES_SQL)));
    if ((row?.tables ?? 0) > 0) {
      throw new AppError(
        'conflict',
        'O banco de DATABASE_URL já tem tabelas: a restauração só carrega num banco vazio (createdb lumina_restaurado).',
        { code: 'restore_database_not_empty' },
      );
    }
  } finally {
    await database.close();
  }
}

/** Counts the orders of the restored shop: proof that its database opens, told to the owner. */
async function countOrders(options: RestoreOptions): Promise<number> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    poolMax: 1,
  });
  try {
    const [row] = rowsOf<{ orders: number }>(
      await database.db.execute(sql`select count(*)::int as orders from orders`),
    );
    return row?.orders ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * Puts a backup back: checks every checksum, refuses a data folder (or database) that already
 * holds something, then writes the database and the files. The shop started on the folder then
 * migrates as on any start.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await verifyBackupArchive(options.file);
  await checkTargets(options, manifest);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const database = manifest.database;
  let files = 0;
  for await (const entry of readArchiveEntries(options.file)) {
    if (entry.type !== 'file') continue;
    if (database.kind === 'pglite-data-dir' && entry.name === database.file) {
      await restorePgliteDataDir(entry.data, join(options.dataDir, 'pglite'));
    } else if (database.kind === 'pg-dump-custom' && entry.name === database.file) {
      await pgRestore(
        options.databaseUrl ?? '',
        entry.data,
        join(options.dataDir, '.restore.dump'),
      );
    } else if (entry.name.startsWith('data/')) {
      const relative = entry.name.slice('data/'.length);
      if (!isSafeRelativePath(relative))
        throw new Error(`unsafe path in the backup: ${entry.name}`);
      const path = join(options.dataDir, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, entry.data, { mode: entry.mode & 0o777, flag: 'wx' });
      files += 1;
    }
  }
  const orders = database.kind === 'none' ? 0 : await countOrders(options);
  return { manifest, files, orders };
}
