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

/** Excel's limit on a cell's text. */
const CELL_TEXT_MAX = 32_767;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const moneyFormat = (digits: number) => (digits > 0 ? `#,##0.${'0'.repeat(Math.min(digits, 10))}` : '#,##0');
/** An XLSX date has no zone: the cell holds the wall-clock time the caller's zone shows. */
const wallClock = (t: LocalTime) => new Date((t.seconds + t.offset) * 1000);
/** Characters a sheet's tab name may not hold, and its length limit. */
const tabName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

function xlsxValue(value: ExportCell): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'object') return isLocalTime(value) ? wallClock(value) : value.amount;
  return value.length > CELL_TEXT_MAX ? value.slice(0, CELL_TEXT_MAX) : value;
}

/** Pending output past which the writer waits for the reader, so a slow download does not pile the file up in memory. */
const HIGH_WATER = 1 << 20;

function xlsx(sheets: readonly Sheet[]): Readable {
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  // Inline strings, not a shared-strings table (which would hold every distinct text until the end); fast deflate.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const moneyStyles = new Map<number, Partial<ExcelJS.Style>>();
  const moneyStyle = (digits: number) => {
    let style = moneyStyles.get(digits);
    if (!style) moneyStyles.set(digits, (style = { numFmt: moneyFormat(digits) }));
    return style;
  };
  async function write() {
    // The zip takes its entries one after the other: each sheet is finished before the next one starts.
    for (const sheet of sheets) {
      const ws = book.addWorksheet(tabName(sheet.name), { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = sheet.columns.map((c) => ({
        header: c.header, width: c.kind === 'date' ? 20 : Math.min(40, Math.max(12, c.header.length + 2)),
        ...(c.kind === 'date' && { style: { numFmt: DATE_FORMAT } }),
      }));
      ws.getRow(1).font = { bold: true };
      for await (const batch of sheet.rows) {
        for (const cells of batch) {
          const row = ws.addRow(cells.map(xlsxValue));
          cells.forEach((cell, i) => {
            if (cell && typeof cell === 'object' && 'digits' in cell) row.getCell(i + 1).style = moneyStyle(cell.digits);
          });
          row.commit();
        }
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
