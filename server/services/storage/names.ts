import { randomBytes } from 'node:crypto';
import type { ImageExt } from './sniff';

/**
 * The stored name of an upload: `YYYY/MM/DD/<24 hex>.<ext>` (UTC date). The
 * client's file name never takes part, so it cannot choose a path, overwrite
 * another file or guess a neighbour's name; the random part also makes every
 * stored file immutable, which lets it be cached forever.
 */
export function objectKey(ext: ImageExt, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '/');
  return `${day}/${randomBytes(12).toString('hex')}.${ext}`;
}
