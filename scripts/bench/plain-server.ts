/**
 * The hand-written routes the engine is measured against, in a process of
 * their own (pinned to the server's core like the engine): Fastify with
 * better-sqlite3 or mysql2 and nothing else. `/page-only` reads the page (the
 * floor of the work), `/counting` also counts the matching rows, as a list
 * answer must. Started by scripts/bench/api.ts with PLAIN_DB (a SQLite file or
 * a mysql:// URL) and PORT; prints `ready` once listening.
 */
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { createPool } from 'mysql2/promise';

const COLUMNS = 'id, nickname, account, phone, email, status, gender, source, avatar, `describe`, remark, signInIp, signUpIp, signInTime, uid, createTime, updateTime, deleteTime';
const target = process.env.PLAIN_DB!;

type Rows = (limit: number, offset: number) => Promise<unknown[]>;
let page: Rows;
let count: () => Promise<number>;
if (target.startsWith('mysql:')) {
  const pool = createPool({ uri: target, connectionLimit: 10 });
  page = async (limit, offset) => (await pool.query(`SELECT ${COLUMNS} FROM users WHERE deleteTime = 0 ORDER BY id DESC LIMIT ? OFFSET ?`, [limit, offset]))[0] as unknown[];
  count = async () => Number(((await pool.query('SELECT count(*) AS n FROM users WHERE deleteTime = 0'))[0] as Array<{ n: number }>)[0]!.n);
} else {
  const raw = new SQLite(target);
  raw.pragma('journal_mode = WAL');
  raw.pragma('busy_timeout = 5000');
  const pageQuery = raw.prepare(`SELECT ${COLUMNS} FROM users WHERE deleteTime = 0 ORDER BY id DESC LIMIT ? OFFSET ?`);
  const countQuery = raw.prepare('SELECT count(*) AS n FROM users WHERE deleteTime = 0');
  page = async (limit, offset) => pageQuery.all(limit, offset);
  count = async () => (countQuery.get() as { n: number }).n;
}

const app = Fastify();
const paging = async (q: { page?: string; limit?: string }) => {
  const limit = Number(q.limit ?? 10), p = Number(q.page ?? 1);
  return { limit, page: p, rows: await page(limit, (p - 1) * limit) };
};
app.get('/counting', async (request) => ({ code: 200, msg: 'ok', data: { total: await count(), ...(await paging(request.query as never)) } }));
app.get('/page-only', async (request) => ({ code: 200, msg: 'ok', data: await paging(request.query as never) }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
