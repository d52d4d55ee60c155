import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';

export const BACKUP_PREFIX = 'lumina-backup-';
export const BACKUP_SUFFIX = '.tar.gz';
const NAME = /^lumina-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

/** `lumina-backup-2026-11-26T06-00-00-000Z.tar.gz`: UTC, sortable, no colon (Windows copies). */
export function backupFileName(at: Date): string {
  return `${BACKUP_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${BACKUP_SUFFIX}`;
}

/** When a backup file was taken, from its name; null for any other file. */
export function backupTime(fileName: string): Date | null {
  const m = NAME.exec(fileName);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  const time = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar day (São Paulo) of a moment, as YYYY-MM-DD. */
function storeDay(at: Date): string {
  return dayFormat.format(at);
}

/** The ISO week (Monday first) of a shop day, as a key. */
function storeWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday);
  return date.toISOString().slice(0, 10);
}

/**
 * Which backups to keep: the newest of each of the last KEEP_DAILY shop days that have one, and
 * the newest of each of the last KEEP_WEEKLY weeks that have one (so a week's copy may also be one
 * of the days'). Everything else is pruned. Other files in the folder are never touched.
 */
export function backupsToPrune(fileNames: readonly string[]): string[] {
  const backups = fileNames
    .map((name) => ({ name, time: backupTime(name) }))
    .filter((b): b is { name: string; time: Date } => b.time !== null)
    .sort((a, b) => b.time.getTime() - a.time.getTime());
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of backups) {
    const day = storeDay(backup.time);
    const week = storeWeek(day);
    if (!days.has(day) && days.size < KEEP_DAILY) keep.add(backup.name);
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) keep.add(backup.name);
    days.add(day);
    weeks.add(week);
  }
  return backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

const PARTIAL = '.partial';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Archives a process died while writing (`<backup name>.partial`), once a day old: a backup
 * under way is minutes old at most, and no restore reads a `.partial`.
 */
export function stalePartials(fileNames: readonly string[], now: Date): string[] {
  return fileNames.filter((name) => {
    if (!name.endsWith(PARTIAL)) return false;
    const time = backupTime(name.slice(0, -PARTIAL.length));
    return time !== null && now.getTime() - time.getTime() > DAY_MS;
  });
}
