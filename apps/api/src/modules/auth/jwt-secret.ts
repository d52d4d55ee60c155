import { readOrCreateSecretFile } from '../../lib/secret-file.ts';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The access-token signing secret: JWT_SECRET when configured, otherwise a random 256-bit one
 * generated on the first start and kept in DATA_DIR/jwt-secret (readable by the owner only), so
 * tokens survive restarts and every process on the same data folder shares it.
 */
export function resolveJwtSecret(config: { jwtSecret: string | undefined; dataDir: string }) {
  if (config.jwtSecret) return config.jwtSecret;
  return readOrCreateSecretFile(config.dataDir, JWT_SECRET_FILE);
}
