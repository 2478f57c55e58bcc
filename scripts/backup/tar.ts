/**
 * A gzip-compressed tar (POSIX ustar, with a pax record for a path or size
 * that does not fit the header), written and read with Node's own zlib: what
 * `tar tzf` and `tar xzf` open too, so an operator can look inside a backup
 * without Paydesk. Only regular files are written and read.
 *
 * The reader is a push parser: it is handed the gunzipped bytes as they come
 * and calls back per entry and per chunk, so an archive of any size is
 * checked and unpacked in one pass each, never held in memory.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const BLOCK = 512;
/** Eleven octal digits: the largest size an ustar header holds. */
const USTAR_MAX_SIZE = 0o77777777777;

export interface Written {
  name: string;
  size: number;
  sha256: string;
  mode: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mode: number, mtime: number, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(Math.min(size, USTAR_MAX_SIZE), 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** `<length> key=value\n`, where the length counts itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export class TarWriter {
  private readonly gzip = createGzip();
  private readonly done: Promise<void>;

  /** Creates `file` (never replacing one), readable by its owner only: a backup holds every secret of the install. */
  constructor(file: string) {
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600, flush: true });
    this.done = pipeline(this.gzip, out);
    // Seen by whoever awaits `write` or `close`; not an unhandled rejection meanwhile.
    this.done.catch(() => {});
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.gzip.write(bytes)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  private async head(name: string, size: number, mode: number, mtime: number): Promise<void> {
    const long = Buffer.byteLength(name) > 100;
    if (long || size > USTAR_MAX_SIZE) {
      const pax = Buffer.from((long ? paxRecord('path', name) : '') + (size > USTAR_MAX_SIZE ? paxRecord('size', String(size)) : ''));
      await this.write(header('PaxHeader', pax.length, 0o644, mtime, 'x'));
      await this.write(Buffer.concat([pax, Buffer.alloc(padding(pax.length))]));
    }
    await this.write(header(long ? name.slice(0, 100) : name, size, mode, mtime, '0'));
  }

  async addBuffer(name: string, bytes: Buffer, mode = 0o600): Promise<Written> {
    await this.head(name, bytes.length, mode, Date.now() / 1000);
    await this.write(Buffer.concat([bytes, Buffer.alloc(padding(bytes.length))]));
    return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), mode };
  }

  /**
   * Adds the file as it is when opened (its size then); null when it was
   * removed before that, as an upload may be while the server runs.
   */
  async addFile(name: string, path: string): Promise<Written | null> {
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      const mode = info.mode & 0o777;
      await this.head(name, info.size, mode, info.mtimeMs / 1000);
      const hash = createHash('sha256');
      let left = info.size;
      if (left > 0) {
        for await (const chunk of createReadStream('', { fd: handle, autoClose: false, start: 0, end: info.size - 1 }) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          left -= chunk.length;
          await this.write(chunk);
        }
      }
      if (left !== 0) throw new Error(`${path} shrank while it was being read`);
      await this.write(Buffer.alloc(padding(info.size)));
      return { name, size: info.size, sha256: hash.digest('hex'), mode };
    } finally {
      await handle.close();
    }
  }

  /** The two empty blocks that end a tar, then the gzip trailer; resolves once the file is on disk. */
  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }

  /** Stops writing after a failure (the caller removes the file). */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => {});
  }
}

export interface Entry {
  name: string;
  size: number;
  mode: number;
}

export interface TarVisitor {
  entry(entry: Entry): void;
  data(chunk: Buffer): void;
  /** After the last byte of an entry. */
  end(): void;
}

/** A malformed tar: what the reader found, for the message that refuses the file. */
export class TarError extends Error {}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const zero = raw.indexOf(0);
  return raw.subarray(0, zero === -1 ? length : zero).toString('utf8');
}

function number(block: Buffer, start: number, length: number, what: string): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError(`an entry has an unreadable ${what}`);
  return parseInt(text, 8);
}

export class TarReader {
  private pending = Buffer.alloc(0);
  /** Bytes of the current entry still to come, then the padding to skip. */
  private left = 0;
  private skip = 0;
  private pax: Record<string, string> | null = null;
  private collecting: Buffer[] | null = null;
  private ended = false;

  constructor(private readonly visitor: TarVisitor) {}

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.ended) {
      if (this.left > 0) {
        const take = Math.min(this.left, chunk.length - at);
        const part = chunk.subarray(at, at + take);
        if (this.collecting) this.collecting.push(part);
        else this.visitor.data(part);
        this.left -= take;
        at += take;
        if (this.left === 0) this.finishEntry();
      } else if (this.skip > 0) {
        const take = Math.min(this.skip, chunk.length - at);
        this.skip -= take;
        at += take;
      } else {
        const need = BLOCK - this.pending.length;
        const part = chunk.subarray(at, at + need);
        this.pending = this.pending.length ? Buffer.concat([this.pending, part]) : Buffer.from(part);
        at += part.length;
        if (this.pending.length === BLOCK) {
          const block = this.pending;
          this.pending = Buffer.alloc(0);
          this.readHeader(block);
        }
      }
    }
  }

  /** Throws unless the tar ended properly: a cut-off archive is refused, not taken for a short one. */
  finish(): void {
    if (!this.ended) throw new TarError('it ends in the middle (the end-of-archive blocks are missing)');
  }

  private readHeader(block: Buffer): void {
    if (block.every((byte) => byte === 0)) {
      this.ended = true;
      return;
    }
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (number(block, 148, 8, 'checksum') !== sum) throw new TarError('a header\'s checksum does not match (not a tar, or damaged)');
    const type = String.fromCharCode(block[156]!);
    let size = number(block, 124, 12, 'size');
    if (type === 'x') {
      this.collecting = [];
      this.start(size);
      return;
    }
    if (type !== '0' && type !== '\0') throw new TarError(`it holds an entry of type "${type}", not a plain file`);
    const prefix = field(block, 345, 155);
    let name = (prefix ? prefix + '/' : '') + field(block, 0, 100);
    if (this.pax) {
      name = this.pax.path ?? name;
      if (this.pax.size) size = Number(this.pax.size);
      this.pax = null;
    }
    this.visitor.entry({ name, size, mode: number(block, 100, 8, 'mode') });
    this.start(size);
  }

  private start(size: number): void {
    this.left = size;
    this.skip = padding(size);
    if (size === 0) this.finishEntry();
  }

  private finishEntry(): void {
    if (!this.collecting) {
      this.visitor.end();
      return;
    }
    const text = Buffer.concat(this.collecting).toString('utf8');
    this.collecting = null;
    this.pax = {};
    for (const line of text.split('\n')) {
      const match = /^\d+ ([^=]+)=(.*)$/.exec(line);
      if (match) this.pax[match[1]!] = match[2]!;
    }
  }
}
