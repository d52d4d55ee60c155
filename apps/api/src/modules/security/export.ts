import { SECURITY_EXPORT_MAX_DAYS, SECURITY_TEXTS } from '@lumina/shared/admin/security';
import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { securityLogs, type SecurityLogRow } from '../../db/schema/security.ts';
import { AppError } from '../../http/app-error.ts';

const DAY = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of `at` in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The export's days: by default the last 30 (today included), and never more or older (spec
 * 001 §9). End is exclusive: the day after `end_date`.
 */
export function exportRange(
  query: { start_date?: string; end_date?: string },
  at: Date,
): { start: Date; end: Date; startDay: string; endDay: string } {
  const today = Date.parse(`${dayOf(at)}T00:00:00Z`);
  const earliest = today - (SECURITY_EXPORT_MAX_DAYS - 1) * DAY;
  const parse = (value: string) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(ms) || dayOf(new Date(ms)) !== value) {
      throw new AppError('invalid_data', SECURITY_TEXTS.badDate, { code: 'invalid_date' });
    }
    return ms;
  };
  const start = query.start_date ? parse(query.start_date) : earliest;
  const end = query.end_date ? parse(query.end_date) : today;
  if (start < earliest || end > today || start > end) {
    throw new AppError('invalid_data', SECURITY_TEXTS.badRange, { code: 'invalid_range' });
  }
  return {
    start: new Date(start),
    end: new Date(end + DAY),
    startDay: dayOf(new Date(start)),
    endDay: dayOf(new Date(end)),
  };
}

export async function logsBetween(db: Db, start: Date, end: Date): Promise<SecurityLogRow[]> {
  return db
    .select()
    .from(securityLogs)
    .where(and(gte(securityLogs.createdAt, start), lt(securityLogs.createdAt, end)))
    .orderBy(asc(securityLogs.createdAt), asc(securityLogs.id));
}

/**
 * A cell a spreadsheet will not run: text beginning with = + - @ (or a tab or carriage return,
 * which some programs strip first) gets a leading apostrophe (OWASP, CSV injection).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: SecurityLogRow[]): string {
  const header = ['id', 'timestamp', 'type', 'severity', 'message', 'ip', 'user_id', 'user_agent'];
  const lines = rows.map((row) =>
    [
      row.id,
      row.createdAt.toISOString(),
      row.type,
      row.severity,
      row.message,
      row.ip,
      row.userId,
      row.userAgent,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
