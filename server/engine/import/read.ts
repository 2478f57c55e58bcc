/**
 * The rows of an uploaded table, read as a stream so that a file of a
 * million rows never sits in memory whole: CSV through csv-parse (the
 * delimiter sniffed from the first line, UTF-8 with or without a BOM, else
 * GB18030, quoted newlines kept), XLSX through exceljs' streaming reader
 * (the first sheet, or the one named). Cells come out as the file holds
 * them; what they mean for a field is cells.ts's business.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../http';

export type Cell = string | number | boolean | Date | null;
export type SourceKind = 'csv' | 'xlsx';

/** What the first bytes say the file is: an XLSX is a zip (`PK\x03\x04`); anything else is read as CSV. */
export const kindOf = (head: Buffer): SourceKind => (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50 ? 'xlsx' : 'csv');

const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter the first line uses most, outside quotes; a comma when it uses none. */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** UTF-8 when the first bytes decode as UTF-8 (a BOM says so too), else GB18030, what Excel in China saves CSV as. */
function encodingOf(head: Buffer): 'utf-8' | 'gb18030' {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

/** The bytes of `input` as text in `encoding`, chunk by chunk (a character split between chunks is joined). */
async function* decoded(first: Buffer, rest: AsyncIterator<Buffer>, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  yield decoder.decode(first, { stream: true });
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield decoder.decode(next.value, { stream: true });
  yield decoder.decode();
}

async function* csvRows(head: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Cell[]> {
  const encoding = encodingOf(head);
  const sniffed = new TextDecoder(encoding).decode(head.subarray(0, SNIFF_BYTES));
  const parser = parse({ delimiter: sniffDelimiter(sniffed), bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true });
  const text = Readable.from(decoded(head, rest, encoding));
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    throw unreadable(error);
  }
}

/** A file that cannot be read is a 400; a refusal met while reading it (too large) stays what it is. */
const unreadable = (error: unknown) => (error instanceof AppError ? error : Object.assign(badRequest('errors.import_unreadable'), { cause: error }));

/** A cell as exceljs reads it: text (rich or linked as its text), a number, a date, a flag; a formula as its text, never its result. */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value) return `=${(value as { formula?: string; sharedFormula?: string }).formula ?? (value as { sharedFormula: string }).sharedFormula}`;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  return null;
}

async function* xlsxRows(input: Readable, sheet: string | undefined): AsyncGenerator<Cell[]> {
  const book = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let found = false;
  try {
    for await (const ws of book) {
      if (found || (sheet && (ws as unknown as { name: string }).name !== sheet)) continue;
      found = true;
      for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        // exceljs numbers columns from 1; the row keeps the sheet's own row number, blanks before it included.
        yield Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => xlsxCell(values[i + 1]));
      }
    }
  } catch (error) {
    throw unreadable(error);
  }
  if (!found) throw badRequest('errors.import_sheet', { sheet: sheet ?? '' });
}

/** The rows of the uploaded `input`: CSV or XLSX as its bytes say. */
export async function* tableRows(input: Readable, sheet?: string): AsyncGenerator<Cell[]> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // The first chunk (a few KB at least) tells the format, the encoding and the delimiter.
  let head = Buffer.alloc(0);
  while (head.length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  if (!head.length) throw badRequest('errors.upload_empty');
  if (kindOf(head) === 'csv') return yield* csvRows(head, chunks);
  const rest = Readable.from((async function* () {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })());
  yield* xlsxRows(rest, sheet);
}
