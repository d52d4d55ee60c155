import type { Db } from '../../db/database.ts';
import { securityLogs, type SecuritySeverity } from '../../db/schema/security.ts';

export interface SecurityLogEntry {
  /** snake_case event name, e.g. 'login_success', 'login_failed', 'role_changed'. */
  type: string;
  severity: SecuritySeverity;
  userId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** pt-BR, shown as is on the admin dashboard. */
  message: string;
  metadata?: Record<string, unknown>;
}

/** Keeps a hostile User-Agent header from filling the table. */
const USER_AGENT_MAX = 512;

/** The security log table the admin dashboard reads (logins, lockouts, password and role changes). */
export function createSecurityLog(db: Db, now: () => Date = () => new Date()) {
  return {
    async record(entry: SecurityLogEntry): Promise<void> {
      await db.insert(securityLogs).values({
        type: entry.type,
        severity: entry.severity,
        userId: entry.userId ?? null,
        ip: entry.ip ?? null,
        userAgent: entry.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        message: entry.message,
        metadata: entry.metadata ?? {},
        createdAt: now(),
      });
    },
  };
}

export type SecurityLog = ReturnType<typeof createSecurityLog>;
