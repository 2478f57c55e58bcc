/**
 * Validators of the cached reads (issue 14): an ETag made of the table's
 * cache version (replaced by every write to the table, in every instance that
 * shares the cache), the caller's scope, the language of the message and the
 * URL. A client that sends it back in If-None-Match while nothing changed
 * gets a 304 without a query, a cache entry or a body: a console reload that
 * finds nothing new costs a token check and one version lookup, and one that
 * follows a write anywhere gets the new rows.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '../../schema/define';
import type { Envelope } from '../http';
import { scopeKey, type Engine } from './store';

/** Whether `header` (an If-None-Match list) names `etag`; weak comparison, as RFC 9110 asks for this header. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * A cached read with its ETag: 304 when the caller's If-None-Match names the
 * current one, else `produce()`'s answer carrying it. Call after the request
 * is authorized. The version is read before the data, so a write between the
 * two can only make the next ETag differ, never hide a change.
 */
export async function conditionalRead<T = Envelope>(
  e: Engine, r: Resource, request: FastifyRequest, reply: FastifyReply, produce: () => Promise<T>,
): Promise<T | FastifyReply> {
  if (!r.cacheReads) return produce();
  const version = await e.cache.version(r.table);
  const who = scopeKey(r, request.caller);
  const digest = createHash('sha1').update(`${request.lang}\n${who}\n${request.url}`).digest('base64url').slice(0, 16);
  const etag = `W/"${version}.${digest}"`;
  // `private`: the answer depends on the token; `no-cache`: keep it, but ask every time.
  const headers = { etag, 'cache-control': 'private, no-cache' };
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).headers(headers).send();
  const answer = await produce();
  reply.headers(headers);
  return answer;
}
