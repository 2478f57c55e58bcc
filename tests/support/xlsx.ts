/**
 * Reads a downloaded XLSX the way a spreadsheet program would (exceljs'
 * reader): each sheet's rows as objects keyed by the header row, with the
 * cells as exceljs typed them (numbers, dates, strings) and their number
 * formats, so a test can say what a person opening the file sees.
 */
import ExcelJS from 'exceljs';

export interface ReadCell { value: ExcelJS.CellValue; type: ExcelJS.ValueType; numFmt: string | undefined }
export interface ReadSheet { name: string; headers: string[]; rows: Array<Record<string, ReadCell>> }

export async function readXlsx(file: Buffer | ArrayBuffer): Promise<ReadSheet[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as ArrayBuffer);
  return book.worksheets.map((ws) => {
    const headers = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    const rows: Array<Record<string, ReadCell>> = [];
    ws.eachRow((row, number) => {
      if (number === 1) return;
      rows.push(Object.fromEntries(headers.map((h, i) => {
        const cell = row.getCell(i + 1);
        return [h, { value: cell.value, type: cell.type, numFmt: cell.numFmt }];
      })));
    });
    return { name: ws.name, headers, rows };
  });
}

export const { ValueType } = ExcelJS;
