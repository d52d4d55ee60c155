import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { AppError } from '../../http/app-error.ts';
import { readTar, TAR_END, type TarEntry, tarEntryBlocks } from './tar.ts';

export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 'lumina-backup';

/** How the database is kept in an archive. */
export type DatabaseCopy =
  | { kind: 'pglite-data-dir'; file: string }
  | { kind: 'pg-dump-custom'; file: string }
  /** pg_dump was not found: the archive holds the files only, and says so. */
  | { kind: 'none'; reason: string };

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
  mode: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  driver: 'pglite' | 'postgres';
  database: DatabaseCopy;
  files: ManifestFile[];
}

export interface ArchiveFile {
  path: string;
  data: Buffer;
  mode: number;
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Writes the files and, last, a manifest with each one's SHA-256 as one .tar.gz at `path`. The
 * archive holds the shop's secrets, so it is created readable by its owner only, written under a
 * temporary name, flushed and renamed: a crash leaves a `.partial` file, never a short archive
 * under a backup's name.
 */
export async function writeBackupArchive(
  path: string,
  files: AsyncIterable<ArchiveFile> | Iterable<ArchiveFile>,
  manifest: Omit<BackupManifest, 'format' | 'version' | 'files'>,
): Promise<BackupManifest> {
  const listed: ManifestFile[] = [];
  const complete: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    ...manifest,
    files: listed,
  };
  async function* blocks(): AsyncGenerator<Buffer> {
    for await (const file of files) {
      listed.push({
        path: file.path,
        size: file.data.length,
        sha256: sha256(file.data),
        mode: file.mode,
      });
      yield* tarEntryBlocks({ name: file.path, type: 'file', mode: file.mode, data: file.data });
    }
    const data = Buffer.from(`${JSON.stringify(complete, null, 2)}\n`);
    yield* tarEntryBlocks({ name: MANIFEST_NAME, type: 'file', mode: 0o600, data });
    yield TAR_END;
  }
  const partial = `${path}.partial`;
  try {
    await pipeline(
      Readable.from(blocks()),
      createGzip(),
      createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }),
    );
    await chmod(partial, 0o600);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return complete;
}

/** The entries of an archive, in order. */
export function readArchiveEntries(path: string): AsyncGenerator<TarEntry> {
  return readTar(createReadStream(path).pipe(createGunzip()));
}

function damaged(path: string, detail: string, cause?: unknown): AppError {
  return new AppError(
    'invalid_data',
    `O arquivo de backup ${path} está danificado ou não é um backup da loja (${detail}). Nada foi restaurado.`,
    { code: 'backup_damaged', cause },
  );
}

function parseManifest(path: string, data: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
  } catch (error) {
    throw damaged(path, 'manifesto ilegível', error);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw damaged(path, 'formato desconhecido');
  }
  return manifest;
}

/**
 * Reads the whole archive and checks every file against the manifest's size and SHA-256 (and
 * that nothing is missing or added) before anything is restored. Returns the manifest.
 */
export async function verifyBackupArchive(path: string): Promise<BackupManifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  try {
    for await (const entry of readArchiveEntries(path)) {
      if (entry.type !== 'file') continue;
      if (entry.name === MANIFEST_NAME) manifest = parseManifest(path, entry.data);
      else seen.set(entry.name, { size: entry.data.length, sha256: sha256(entry.data) });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged(path, error instanceof Error ? error.message : 'leitura falhou', error);
  }
  if (!manifest) throw damaged(path, 'sem manifesto');
  for (const file of manifest.files) {
    const found = seen.get(file.path);
    if (!found) throw damaged(path, `falta ${file.path}`);
    if (found.size !== file.size || found.sha256 !== file.sha256) {
      throw damaged(path, `${file.path} não confere com o SHA-256 do manifesto`);
    }
    seen.delete(file.path);
  }
  const extra = [...seen.keys()][0];
  if (extra !== undefined) throw damaged(path, `${extra} não está no manifesto`);
  return manifest;
}
