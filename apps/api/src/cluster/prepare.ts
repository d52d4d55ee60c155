import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { uploadsDirOf } from '../http/uploads.ts';
import { writeLogLine } from '../lib/log-line.ts';
import { resolveJwtSecret } from '../modules/auth/jwt-secret.ts';
import { seedDemoCatalog } from '../modules/catalog/seed-demo.ts';
import { resolveTokenCipher } from '../modules/erp/token-cipher.ts';
import { ensureAdminAtStart } from '../modules/users/admin.ts';

/** Logs as the primary, for which it works (pino's JSON lines), with no logger of its own to load. */
function log(level: 'info' | 'warn', msg: string, details: object = {}): void {
  writeLogLine(level, msg, { role: 'primary', ...details });
}

/**
 * What must happen once before the workers start, so they do not race for it: the migrations,
 * ADMIN_EMAIL's account and the demo catalogue, and the secrets generated into DATA_DIR when not configured (every
 * worker must sign and encrypt with the same ones).
 */
export async function prepareOnce(config: Config): Promise<void> {
  resolveJwtSecret(config);
  resolveTokenCipher(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 1,
  });
  try {
    await database.migrate();
    // Workers would otherwise race to create ADMIN_EMAIL's account (one of them failing).
    const as =
      (level: 'info' | 'warn') =>
      (first: unknown, message?: string): void =>
        typeof first === 'string' ? log(level, first) : log(level, message ?? '', first as object);
    const logger = { info: as('info'), warn: as('warn') } as Pick<
      FastifyBaseLogger,
      'info' | 'warn'
    >;
    await ensureAdminAtStart({ db: database.db, logger }, config);
    if (config.seedDemoCatalog) {
      await seedDemoCatalog(database.db, uploadsDirOf(config.dataDir));
    }
  } finally {
    await database.close();
  }
}
