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

/** Characters some program starts a new cell or row after: pt-BR Excel splits cells on ';'. */
const SPLITS = new Set([',', ';', '\t', '\r', '\n']);
/** Text a spreadsheet runs as a formula: = + - @ tab or CR, after any spaces or quotes. */
const FORMULA_AHEAD = /(?:[^\S\t\r\n]|["'])*[=+\-@\t\r]/y;

/**
 * A cell no spreadsheet will run, whatever it splits on (OWASP, CSV injection): an apostrophe
 * (shown as text) goes wherever a cell could begin with a formula, that is at the start and after
 * every character a program may split on, since Excel reading a ','-file with ';' takes the
 * quotes of a cell as text and cuts it at its ';'. Every cell is quoted.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  let safe = '';
  for (let i = 0; i <= text.length; i += 1) {
    FORMULA_AHEAD.lastIndex = i;
    if ((i === 0 || SPLITS.has(text[i - 1] ?? '')) && FORMULA_AHEAD.test(text)) safe += "'";
    safe += text[i] ?? '';
  }
  return `"${safe.replace(/"/g, '""')}"`;
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
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
