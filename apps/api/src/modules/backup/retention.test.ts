import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToPrune, backupTime, stalePartials } from './retention.ts';

/** A backup taken at 03:00 in São Paulo (06:00 UTC) on each of `days` days up to `last`. */
function nightly(last: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(`${last}T06:00:00.000Z`);
    at.setUTCDate(at.getUTCDate() - i);
    return backupFileName(at);
  });
}

const kept = (names: string[]) => {
  const pruned = new Set(backupsToPrune(names));
  return names.filter((name) => !pruned.has(name)).map((name) => backupTime(name)?.toISOString());
};

describe('backup retention', () => {
  it('names a backup by its UTC time and reads it back', () => {
    const at = new Date('2026-11-26T06:00:00.123Z');
    expect(backupFileName(at)).toBe('lumina-backup-2026-11-26T06-00-00-123Z.tar.gz');
    expect(backupTime(backupFileName(at))).toEqual(at);
    expect(backupTime('lumina-backup-2026-11-26T06-00-00-123Z.tar.gz.partial')).toBeNull();
  });

  it('keeps the last 7 days and the newest of each of the last 4 weeks, prunes the rest', () => {
    // 2026-11-26 is a Thursday: weeks start on 23, 16, 9 and 2 November.
    expect(kept(nightly('2026-11-26', 60)).sort()).toEqual(
      [
        '2026-11-08',
        '2026-11-15',
        '2026-11-20',
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
      ].map((day) => `${day}T06:00:00.000Z`),
    );
  });

  it('keeps the newest backup of a day and counts days in São Paulo', () => {
    const names = [
      ...nightly('2026-11-26', 1),
      // npm run backup the same day, later: it becomes the day's copy.
      backupFileName(new Date('2026-11-26T20:00:00.000Z')),
      // 23:30 on the 25th in São Paulo, although the 26th in UTC.
      backupFileName(new Date('2026-11-26T02:30:00.000Z')),
      ...nightly('2026-11-25', 1),
    ];
    expect(kept(names)).toEqual(['2026-11-26T20:00:00.000Z', '2026-11-26T02:30:00.000Z']);
  });

  it('never touches other files in the folder', () => {
    const others = [
      'notas.txt',
      'lumina-backup-x.tar.gz',
      `${nightly('2026-01-01', 1)[0]}.partial`,
    ];
    const pruned = backupsToPrune([...others, ...nightly('2026-11-26', 40)]);
    expect(pruned).toHaveLength(40 - 9);
    expect(pruned.filter((name) => others.includes(name))).toEqual([]);
  });

  it('removes what a crash left half-written once it is a day old', () => {
    const now = new Date('2026-11-26T06:00:00.000Z');
    const old = `${backupFileName(new Date('2026-11-25T05:00:00.000Z'))}.partial`;
    const recent = `${backupFileName(new Date('2026-11-26T05:59:00.000Z'))}.partial`;
    expect(stalePartials([old, recent, 'notas.partial', backupFileName(now)], now)).toEqual([old]);
  });
});
