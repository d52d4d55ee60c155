/**
 * A CSV file read as a spreadsheet reads it, with `separator` between cells: a quote opens a quoted
 * cell only at the cell's start (Excel takes a later quote as text), '""' inside is one quote, and
 * a line break outside quotes ends the row.
 */
export function readAsSpreadsheet(text: string, separator: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  const endCell = () => {
    row.push(cell);
    cell = '';
    atStart = true;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (quoted) {
      if (char !== '"') {
        cell += char;
      } else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else {
        quoted = false;
      }
    } else if (char === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (char === separator) {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endCell();
      rows.push(row);
      row = [];
    } else {
      cell += char;
      atStart = false;
    }
  }
  if (cell || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The cells a program that ignores quotes altogether finds: every separator and line break splits. */
export function splitNaively(text: string, separator: ',' | ';'): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));
}

/** A cell a spreadsheet runs: = + - @ tab or CR first, after any spaces and quotes. */
export function startsFormula(cell: string): boolean {
  return /^[ "]*[=+\-@\t\r]/.test(cell);
}
