/**
 * Tables of typed cells written as a download, streamed batch by batch so a
 * large one is never held in memory: CSV (UTF-8 with a BOM, so spreadsheet
 * programs pick the encoding) or XLSX through exceljs' streaming writer.
 * Both keep a cell from running as a formula: CSV prefixes a text that a
 * spreadsheet would evaluate with a quote, XLSX writes every text as a
 * string cell (never a formula, whatever it starts with).
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isoWithOffset } from '../../schema/dates';
import { decimalsOf } from '../../schema/money';
import type { CellKind, ExportCell, ExportFormat, LocalTime, MoneyCell } from './export-view';


export interface Sheet {
  /** The XLSX tab's name. */
  name: string;
  columns: ReadonlyArray<{ header: string; kind: CellKind }>;
  /** The rows, a batch at a time (a database page). */
  rows: AsyncIterable<ExportCell[][]> | Iterable<ExportCell[][]>;
}

const isLocalTime = (v: object): v is LocalTime => 'offset' in v;
/** An amount with at least its currency's digits (a stored amount finer than them keeps its own). */
const moneyText = ({ amount, digits }: MoneyCell) => amount.toFixed(Math.min(20, Math.max(digits, decimalsOf(amount))));

function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return isLocalTime(value) ? isoWithOffset(value.seconds, value.offset) : moneyText(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One or more tables in one CSV file, a blank line between them. */
function csv(sheets: readonly Sheet[]): Readable {
  async function* lines() {
    yield '\uFEFF';
    for (const [i, sheet] of sheets.entries()) {
      yield (i ? '\r\n' : '') + sheet.columns.map((c) => csvCell(c.header)).join(',') + '\r\n';
      for await (const batch of sheet.rows) yield batch.map((cells) => cells.map(csvCell).join(',') + '\r\n').join('');
    }
  }
  return Readable.from(lines());
}

/** Pending output past which the writer waits for the reader, so a slow download does not pile the file up in memory. */
const HIGH_WATER = 1 << 20;
/** Excel's limit on a cell's text. */
const CELL_TEXT_MAX = 32_767;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const moneyFormat = (digits: number) => (digits > 0 ? `#,##0.${'0'.repeat(Math.min(digits, 10))}` : '#,##0');
/** Characters a sheet's tab name may not hold, and its length limit. */
const tabName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
/** Excel's serial day of an instant on a clock `offset` seconds east of UTC (an XLSX date has no zone: the cell holds the wall clock). */
const serialDay = (t: LocalTime) => 25569 + (t.seconds + t.offset) / 86_400;

/** Characters XML 1.0 cannot carry (control characters, unpaired surrogates): dropped, as exceljs drops them. */
const NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const xmlText = (text: string) => (/[&<>\0-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/.test(text) ? text.replace(NOT_XML, '').replace(/[&<>]/g, (c) => ESCAPED[c]!) : text);

/** Column letters of the first `n` columns: A … Z, AA … */
function columnLetters(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    let name = '';
    for (let k = i + 1; k > 0; k = Math.floor((k - 1) / 26)) name = String.fromCharCode(65 + ((k - 1) % 26)) + name;
    return name;
  });
}

/** What exceljs' streaming writer exposes beyond its typings: its style table and a worksheet's XML stream. */
interface WriterInsides {
  styles: { addStyleModel(style: Partial<ExcelJS.Style>, cellType: ExcelJS.ValueType): number };
}
interface SheetInsides { stream: { write(xml: string): void } }

/**
 * The package (zip, workbook, styles, the sheets' frames, header rows, frozen
 * panes, column widths) is exceljs' streaming writer's; the data rows are
 * rendered here, a batch to one string written into the worksheet's stream.
 * exceljs' own row rendering (a Row, its Cells and an XmlStream per row)
 * costs three times what the rest of an export costs, which kept a large
 * export far below the rate a download of a million rows needs.
 */
function xlsx(sheets: readonly Sheet[]): Readable {
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  // Inline strings, not a shared-strings table (which would hold every distinct text until the end); fast deflate.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const styles = (book as unknown as WriterInsides).styles;
  const dateStyle = styles.addStyleModel({ numFmt: DATE_FORMAT }, ExcelJS.ValueType.Date);
  const moneyStyles = new Map<number, number>();
  const moneyStyle = (digits: number) => {
    let id = moneyStyles.get(digits);
    if (id === undefined) moneyStyles.set(digits, (id = styles.addStyleModel({ numFmt: moneyFormat(digits) }, ExcelJS.ValueType.Number)));
    return id;
  };
  function cellXml(ref: string, value: ExportCell): string {
    if (value === null || value === undefined) return '';
    if (typeof value === 'object') {
      if (isLocalTime(value)) return `<c r="${ref}" s="${dateStyle}"><v>${serialDay(value)}</v></c>`;
      if (Number.isFinite(value.amount)) return `<c r="${ref}" s="${moneyStyle(value.digits)}"><v>${value.amount}</v></c>`;
      return '';
    }
    if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
    // Every text is an inline string: never a formula, whatever it starts with. A blank one is left out (a blank cell).
    const text = String(value);
    if (!text) return '';
    const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
    return `<c r="${ref}" t="inlineStr"><is><t${space}>${xmlText(text.length > CELL_TEXT_MAX ? text.slice(0, CELL_TEXT_MAX) : text)}</t></is></c>`;
  }
  async function write() {
    // The zip takes its entries one after the other: each sheet is finished before the next one starts.
    for (const sheet of sheets) {
      const ws = book.addWorksheet(tabName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.kind === 'date' ? 20 : Math.min(40, Math.max(12, c.header.length + 2)) }));
      const header = ws.getRow(1);
      header.font = { bold: true };
      header.commit();
      const stream = (ws as unknown as SheetInsides).stream;
      const letters = columnLetters(sheet.columns.length);
      let number = 1;
      for await (const batch of sheet.rows) {
        let xml = '';
        for (const cells of batch) {
          const r = ++number;
          xml += `<row r="${r}">`;
          for (let i = 0; i < cells.length; i++) xml += cellXml(letters[i]! + r, cells[i]!);
          xml += '</row>';
        }
        stream.write(xml);
        if (out.writableLength > HIGH_WATER) await once(out, 'drain');
      }
      ws.commit();
    }
    await book.commit();
  }
  // A failure mid-file (the database gone) ends the download as an error, not as a file that looks whole.
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export function sheetStream(format: ExportFormat, sheets: readonly Sheet[]): Readable {
  return format === 'xlsx' ? xlsx(sheets) : csv(sheets);
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The download's headers: its type and its file name, `<base>.<format>`. */
export function downloadHeaders(format: ExportFormat, base: string): Record<string, string> {
  const name = `${base}.${format}`;
  return { 'content-type': CONTENT_TYPES[format], 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
}
