/** Renders rows as a plain-text table with a header line; numbers are right-aligned. */
export function textTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  const numeric = header.map((_, column) =>
    rows.every((row) => typeof row[column] === 'number' || /^[\d.,]+$/.test(String(row[column]))),
  );
  const line = (row: string[]): string =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return numeric[column] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const separator = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), separator, ...cells.slice(1).map(line)].join('\n');
}

/** A time in milliseconds with one decimal, '-' when there is none. */
export const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '-');
