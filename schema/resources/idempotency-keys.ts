import { defineResource, f } from '../define';

/**
 * `Idempotency-Key` requests (order creation, refunds): the first answer to a
 * key, kept 24 hours, so a retried request gets it again instead of a second
 * order. `dedupeKey` (caller, route, key) is unique: of ten concurrent
 * requests with one key, one inserts and runs, the others wait for its
 * answer. `digest` is the sha-256 of the request body: the same key with
 * another body is refused. Never reached through the generic API.
 */
export const idempotencyKeys = defineResource({
  name: 'idempotency-keys',
  menu: 'flow',
  fields: {
    id: f.id(),
    dedupeKey: f.text({ max: 255, unique: true, identity: 'exact' }),
    digest: f.text({ max: 64 }),
    /** 0 while the first request runs; then its HTTP status. */
    status: f.number(),
    response: f.text({ long: true, max: 65535 }),
    expireTime: f.time(),
    uid: f.owner(),
    ...f.timestamps(),
  },
  actions: {
    take: false, find: false, rows: false, rand: false, export: false, create: false, save: false, update: false,
    remove: false, delete: false,
  },
  cacheReads: false,
});
