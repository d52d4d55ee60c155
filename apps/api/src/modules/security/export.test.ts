// The security CSV opened as pt-BR Excel opens it (cells split on ';') and as elsewhere (','):
// no text from the log can become a cell that runs as a formula.
import { describe, expect, it } from 'vitest';
import type { SecurityLogRow } from '../../db/schema/security.ts';
import { readAsSpreadsheet, splitNaively, startsFormula } from '../../test/spreadsheet-csv.ts';
import { toCsv } from './export.ts';

const ATTACKS = [
  ';=cmd|" /C calc"!A0',
  'antes;=cmd',
  'antes,=cmd',
  ' =1+1',
  '"=HYPERLINK(""http://mal.example"")"',
  '  " @SUM(A1)',
  '\t=1',
  '\r=1',
  'linha\n=cmd',
  'linha\r\n-2+3',
  '; +cmd',
  ",'=cmd",
  '+cmd|calc, "ataque"',
];

function row(message: string, userAgent: string | null): SecurityLogRow {
  return {
    id: 7,
    createdAt: new Date('2026-11-25T12:00:00Z'),
    type: 'login_failed',
    severity: 'warning',
    message,
    ip: '203.0.113.5',
    userId: null,
    userAgent,
  } as SecurityLogRow;
}

const csv = toCsv(ATTACKS.map((attack) => row(attack, `=HYPERLINK("x");${attack}`)));

describe('the security CSV', () => {
  it.each([',', ';'] as const)('has no formula cell when read with %s between cells', (sep) => {
    const cells = readAsSpreadsheet(csv, sep).flat();
    expect(cells.filter(startsFormula)).toEqual([]);
    expect(splitNaively(csv, sep).filter(startsFormula)).toEqual([]);
  });

  it('keeps each cell whole and readable with ","', () => {
    const [header, ...rows] = readAsSpreadsheet(csv, ',');
    expect(header).toEqual([
      'id',
      'timestamp',
      'type',
      'severity',
      'message',
      'ip',
      'user_id',
      'user_agent',
    ]);
    expect(rows).toHaveLength(ATTACKS.length);
    expect(rows.map((cells) => cells.length)).toEqual(ATTACKS.map(() => 8));
    expect(rows[0]?.slice(0, 6)).toEqual([
      '7',
      '2026-11-25T12:00:00.000Z',
      'login_failed',
      'warning',
      `;'=cmd|" /C calc"!A0`,
      '203.0.113.5',
    ]);
    expect(rows.at(-1)?.[4]).toBe(`'+cmd|calc, "ataque"`);
  });

  it('quotes every cell', () => {
    expect(csv.split('\r\n')[0]).toBe(
      '"id","timestamp","type","severity","message","ip","user_id","user_agent"',
    );
    expect(toCsv([row('oi', null)]).split('\r\n')[1]).toBe(
      '"7","2026-11-25T12:00:00.000Z","login_failed","warning","oi","203.0.113.5","",""',
    );
  });
});
