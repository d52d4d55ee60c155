import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/**
 * Writes `data` to `path` under a temporary name beside it, then renames it into place: a reader
 * (another request, another process on the same folder) sees the old file or the whole new one,
 * never half of it. The temporary name is random, so two writers of one path never share it;
 * the last rename wins. A failed write leaves no temporary file behind.
 */
export async function writeFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
