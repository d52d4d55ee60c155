import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';

function isFileExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EEXIST';
}

/**
 * The access-token signing secret: JWT_SECRET when configured, otherwise a random 256-bit one
 * generated on the first start and kept in DATA_DIR/jwt-secret (readable by the owner only), so
 * tokens survive restarts and every process on the same data folder shares it.
 */
export function resolveJwtSecret(config: { jwtSecret: string | undefined; dataDir: string }) {
  if (config.jwtSecret) return config.jwtSecret;
  const path = join(config.dataDir, JWT_SECRET_FILE);
  mkdirSync(config.dataDir, { recursive: true });
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
