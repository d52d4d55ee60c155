import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createSecurityLog, type SecurityLog } from '../security/security-log.ts';
import { createThrottle, type Throttle } from '../security/throttle.ts';
import { createUserRepository, type UserRepository } from '../users/repository.ts';
import { createTokenService, type TokenService } from './token-service.ts';

/**
 * The account services buildApp constructs once and hands to every route plugin that needs
 * them (auth, users, password resets, Google sign-in, addresses).
 */
export interface AppServices {
  db: Db;
  config: Config;
  now: () => Date;
  tokens: TokenService;
  securityLog: SecurityLog;
  users: UserRepository;
  throttle: Throttle;
}

export function createAppServices({
  db,
  config,
  now,
}: {
  db: Db;
  config: Config;
  now: () => Date;
}): AppServices {
  const securityLog = createSecurityLog(db, now);
  return {
    db,
    config,
    now,
    securityLog,
    tokens: createTokenService({ db, config, now, securityLog }),
    users: createUserRepository(db),
    throttle: createThrottle({
      db,
      now,
      // The security log hears of each limit reached once; the keys say what was throttled
      // ('login:ip:…', 'register:ip:…').
      onLimitReached: (key, rule) =>
        securityLog.record({
          type: 'throttled',
          severity: 'warning',
          ip: key.includes(':ip:') ? key.slice(key.lastIndexOf(':ip:') + 4) : undefined,
          message: `Limite de tentativas atingido: ${key.split(':')[0] ?? key}`,
          metadata: { key, max: rule.max, window_ms: rule.windowMs },
        }),
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The account services (buildApp decorates the root instance with them). */
    services: AppServices;
  }
}
