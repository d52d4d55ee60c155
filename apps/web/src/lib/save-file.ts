import { calendarDateOf } from '@lumina/shared/validation/calendar-date';

/**
 * Saves a file the page holds in memory (an export fetched with the bearer token, so it cannot be
 * a plain link): a hidden download link, clicked once.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click's task: some browsers start reading the file only then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `value` as an indented JSON file. */
export function saveJsonFile(value: unknown, filename: string): void {
  saveFile(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename);
}

/** Today on the shop's calendar (São Paulo) as 'YYYY-MM-DD', for file names. */
export function fileDate(now = new Date()): string {
  const { year, month, day } = calendarDateOf(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
