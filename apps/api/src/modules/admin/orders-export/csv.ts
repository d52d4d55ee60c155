import { formatDateTime } from '@lumina/shared/format/dates';
import { csvCell } from '../../security/export.ts';
import type { Cell } from './sheet.ts';

/** Excel's own mark that a file is UTF-8: without it, pt-BR Excel reads 'Cartão' as 'CartÃ£o'. */
const BOM = '\uFEFF';

/** 123456 -> '1234,56': the decimal comma pt-BR Excel reads as a number, no thousands mark. */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * Our own numbers and dates go bare, so the spreadsheet reads them as numbers and dates; any text
 * goes through csvCell (quoted, and an apostrophe before whatever a spreadsheet would run).
 */
function field(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
      return csvCell(cell.value);
    case 'integer':
      return String(cell.value);
    case 'money':
      return decimalComma(cell.cents);
    case 'instant':
      return formatDateTime(cell.at);
    case 'empty':
      return '';
  }
}

/**
 * The CSV pt-BR Excel opens by a double click: ';' between cells (the comma is the decimal mark),
 * CRLF line ends, UTF-8 with its BOM.
 */
export function toOrdersCsv(headers: readonly string[], lines: readonly Cell[][]): string {
  const rows = [headers.map((header) => csvCell(header)), ...lines.map((line) => line.map(field))];
  return `${BOM}${rows.map((row) => row.join(';')).join('\r\n')}\r\n`;
}
