import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomically } from './write-file-atomically.ts';

describe('writeFileAtomically', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lumina-atomic-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('puts the whole file in place and leaves no temporary file', async () => {
    const path = join(dir, 'foto.jpg');
    await Promise.all([
      writeFileAtomically(path, Buffer.alloc(200_000, 1)),
      writeFileAtomically(path, Buffer.alloc(200_000, 2)),
    ]);
    const bytes = await readFile(path);
    expect(bytes.length).toBe(200_000);
    expect(new Set(bytes).size).toBe(1);
    expect(await readdir(dir)).toEqual(['foto.jpg']);
  });

  it('leaves nothing behind when the rename fails', async () => {
    // A folder with something in it where the file should go: the rename is refused.
    const path = join(dir, 'pasta');
    await mkdir(join(path, 'cheia'), { recursive: true });
    await expect(writeFileAtomically(path, 'conteúdo')).rejects.toThrow();
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
