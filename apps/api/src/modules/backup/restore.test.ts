import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type ArchiveFile, writeBackupArchive } from './archive.ts';
import { restoreBackup } from './restore.ts';

const root = mkdtempSync(join(tmpdir(), 'lumina-restore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let sequence = 0;

/** An archive of files only (as when pg_dump is missing), enough to test the checks. */
async function archiveOf(files: ArchiveFile[]): Promise<string> {
  sequence += 1;
  const path = join(root, `backup-${sequence}.tar.gz`);
  await writeBackupArchive(path, files, {
    createdAt: new Date().toISOString(),
    driver: 'postgres',
    database: { kind: 'none', reason: 'pg_dump not found' },
  });
  return path;
}

const photo: ArchiveFile = {
  path: 'data/uploads/p/foto.webp',
  data: Buffer.from('FOTO-ORIGINAL'),
  mode: 0o644,
};
const key: ArchiveFile = {
  path: 'data/jwt-secret',
  data: Buffer.from('x'.repeat(43)),
  mode: 0o600,
};

describe('npm run restore', () => {
  it('restores the files of a checked archive into a new folder', async () => {
    const target = join(root, 'novo');
    const result = await restoreBackup({
      file: await archiveOf([key, photo]),
      dataDir: target,
      databaseUrl: undefined,
    });
    expect(result.files).toBe(2);
    expect(readFileSync(join(target, 'uploads/p/foto.webp'), 'utf8')).toBe('FOTO-ORIGINAL');
  });

  it('refuses a folder that is not empty, in Portuguese, and writes nothing', async () => {
    const target = join(root, 'ocupada');
    mkdirSync(target);
    writeFileSync(join(target, 'jwt-secret'), 'a chave da loja que está rodando');
    const file = await archiveOf([key, photo]);
    await expect(restoreBackup({ file, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      /A pasta de dados .*ocupada não está vazia/,
    );
    expect(readdirSync(target)).toEqual(['jwt-secret']);
  });

  it('checks every SHA-256 before writing anything: a changed byte stops it', async () => {
    const file = await archiveOf([key, photo]);
    const tar = gunzipSync(readFileSync(file));
    const at = tar.indexOf('FOTO-ORIGINAL');
    expect(at).toBeGreaterThan(0);
    tar.write('F0TO', at, 'latin1');
    writeFileSync(file, gzipSync(tar));
    const target = join(root, 'adulterado');
    await expect(restoreBackup({ file, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      /data\/uploads\/p\/foto.webp não confere com o SHA-256 do manifesto\)\. Nada foi restaurado/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('says a cut-short archive is damaged', async () => {
    const file = await archiveOf([key, photo]);
    const tar = gunzipSync(readFileSync(file));
    writeFileSync(file, gzipSync(tar.subarray(0, 1024)));
    await expect(
      restoreBackup({ file, dataDir: join(root, 'cortado'), databaseUrl: undefined }),
    ).rejects.toThrow(/está danificado ou não é um backup da loja \(truncated tar archive\)/);
  });

  it('refuses entries that would land outside the data folder', async () => {
    const file = await archiveOf([
      { path: 'data/../fora.txt', data: Buffer.from('x'), mode: 0o644 },
    ]);
    await expect(
      restoreBackup({ file, dataDir: join(root, 'fuga', 'data'), databaseUrl: undefined }),
    ).rejects.toThrow(/unsafe path/);
    expect(existsSync(join(root, 'fuga', 'fora.txt'))).toBe(false);
  });
});
