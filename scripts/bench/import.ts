/**
 * Imports at scale (issue 34): `BENCH_IMPORT_ROWS` orders (100,000 by
 * default) imported by `POST /api/receive-money/import` from a CSV and from an
 * XLSX file, on the default install (SQLite in a data folder), in this
 * process. The files are written to disk first and sent as a stream, so the
 * figure is the server's: rows per second, and how far the resident memory
 * rose above what it was before the import (sampled every 50 ms).
 * `BENCH_IMPORT_FORMATS=csv` measures one format, `BENCH_IMPORT_BATCH` another
 * batch size than the plan's default.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { buildApp } from '../../server/app';
import { atLeast, atMost, type Figure } from './figures';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** `BENCH_IMPORT_FORMATS=csv` measures one of the two (each run of 100,000 rows takes a while on a busy machine). */
const FORMATS = (process.env.BENCH_IMPORT_FORMATS ?? 'csv,xlsx').split(',');
const PASSWORD = 'bench-pass-123';
const HEADER = ['title', 'amount', 'currency', 'payUrl', 'outTradeNo', 'remark'];
const row = (i: number, tag: string) => [`Order ${i}`, 10 + (i % 90), 'USD', 'https://pay.example.com/o', `${tag}${i}`, `imported ${i}`];

async function writeFiles(dir: string) {
  const csv = path.join(dir, 'orders.csv');
  const out = fs.createWriteStream(csv);
  out.write(`${HEADER.join(',')}\n`);
  for (let i = 0; i < ROWS; i++) if (!out.write(`${row(i, 'c').join(',')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  if (!FORMATS.includes('xlsx')) return { csv };
  const xlsx = path.join(dir, 'orders.xlsx');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: false });
  const ws = book.addWorksheet('Orders');
  ws.addRow(HEADER).commit();
  for (let i = 0; i < ROWS; i++) ws.addRow(row(i, 'x')).commit();
  ws.commit();
  await book.commit();
  return { csv, xlsx };
}

export async function run(): Promise<Figure[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-import-'));
  const app = await buildApp({ dataDir: path.join(root, 'data'), configDir: path.join(root, 'config'), adminPassword: PASSWORD });
  const figures: Figure[] = [];
  try {
    const files = await writeFiles(root);
    const signIn = await app.inject({ method: 'POST', url: '/api/comm/sign-in', payload: { account: 'admin', password: PASSWORD } });
    const token = signIn.json().data.token.no;
    for (const [format, file] of Object.entries(files).filter(([format]) => FORMATS.includes(format))) {
      const boundary = 'bench-boundary';
      const body = new PassThrough();
      body.write(`--${boundary}\r\ncontent-disposition: form-data; name="plan"\r\n\r\n${JSON.stringify({ mode: 'run', ...(process.env.BENCH_IMPORT_BATCH && { batch: Number(process.env.BENCH_IMPORT_BATCH) }) })}\r\n`);
      body.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="orders.${format}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
      fs.createReadStream(file).on('end', () => body.end(`\r\n--${boundary}--\r\n`)).pipe(body, { end: false });
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const res = await app.inject({ method: 'POST', url: '/api/receive-money/import', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
      const seconds = (performance.now() - started) / 1000;
      // On a shared machine the wall clock waits for other processes; the CPU time this process spent does not.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      clearInterval(sampler);
      const data = res.json().data ?? {};
      console.log(`${format}: ${res.statusCode} ${JSON.stringify({ rows: data.rows, created: data.created, failed: data.failed })} in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU), load average ${os.loadavg()[0]!.toFixed(2)}`);
      figures.push(
        { name: `import ${format}: orders per second`, value: (data.created ?? 0) / seconds, unit: 'rows/s', ...(format === 'csv' && { target: atLeast(5000) }), note: `${ROWS.toLocaleString('en-US')} orders, SQLite` },
        { name: `import ${format}: orders per CPU second`, value: (data.created ?? 0) / cpuSeconds, unit: 'rows/s', note: 'all threads of this process' },
        { name: `import ${format}: RSS growth`, value: (peak - before) / 1024 / 1024, unit: 'MB', target: atMost(64) },
      );
    }
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  return figures;
}
