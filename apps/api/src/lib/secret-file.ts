import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isFileExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EEXIST';
}

/**
 * A random 256-bit secret kept in DATA_DIR/`fileName` (readable by the owner only), generated on
 * the first start, so it survives restarts and every process on the same data folder shares it.
 */
export function readOrCreateSecretFile(dataDir: string, fileName: string): string {
  const path = join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting at once keep the first secret.
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  } catch (error) {
    if (!isFileExists(error)) throw error;
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${path} holds a secret shorter than 32 characters`);
  return secret;
}
