import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import { strToU8, zipSync } from 'fflate';
import type { Cell } from './sheet.ts';

/**
 * The smallest workbook Excel, LibreOffice and Google Sheets open without a repair: one sheet,
 * text as inline strings (a cell holds a value, never a formula, so '=HYPERLINK(...)' stays
 * text), numbers as numbers with a number format, instants as date serials on the shop's clock.
 * Written by hand over fflate's zip: the format needs six short files, and the libraries that
 * write it for us weigh megabytes.
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Style ids of styles.xml's cellXfs, in its order. */
const STYLE = { header: 1, instant: 2, money: 3, integer: 4 } as const;

const STYLES = `${XML}<styleSheet xmlns="${MAIN}">
<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy hh:mm"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="5">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

/** Characters XML 1.0 cannot hold at all (control characters other than tab, LF and CR). */
// eslint-disable-next-line no-control-regex -- these control characters are what it removes
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 'A', ..., 'Z', 'AA'... */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The instant as Excel's date serial (days since 1899-12-30) on the shop's clock. */
export function excelSerial(at: Date): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(wallClock.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local / 86_400_000 + 25_569;
}

function cellXml(cell: Cell, ref: string, header: boolean): string {
  switch (cell.kind) {
    case 'text': {
      const style = header ? ` s="${STYLE.header}"` : '';
      return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.value)}</t></is></c>`;
    }
    case 'integer':
      return `<c r="${ref}" s="${STYLE.integer}"><v>${cell.value}</v></c>`;
    case 'money':
      return `<c r="${ref}" s="${STYLE.money}"><v>${cell.cents / 100}</v></c>`;
    case 'instant':
      return `<c r="${ref}" s="${STYLE.instant}"><v>${excelSerial(cell.at)}</v></c>`;
    case 'empty':
      return '';
  }
}

function sheetXml(rows: readonly Cell[][]): string {
  const body = rows
    .map((row, r) => {
      const cells = row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, r === 0));
      return `<row r="${r + 1}">${cells.join('')}</row>`;
    })
    .join('');
  // The header stays in view while scrolling; dates and money get room to show whole.
  const widths = (rows[0] ?? []).map(
    (_, c) => `<col min="${c + 1}" max="${c + 1}" width="18" customWidth="1"/>`,
  );
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths.join('')}</cols><sheetData>${body}</sheetData></worksheet>`;
}

/** The workbook's bytes: one sheet named `sheetName` holding the header and the lines. */
export function toOrdersXlsx(
  sheetName: string,
  headers: readonly string[],
  lines: readonly Cell[][],
): Uint8Array {
  const header: Cell[] = headers.map((value) => ({ kind: 'text', value }));
  const files: Record<string, string> = {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': STYLES,
    'xl/worksheets/sheet1.xml': sheetXml([header, ...lines]),
  };
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([path, content]) => [path, strToU8(content)])),
    { level: 6 },
  );
}
