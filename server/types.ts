/**
 * Fastify type additions shared by the whole server: who is calling, in which
 * language, and the permission rule each route declares in `config.rule`.
 */
import type { Lang } from '../schema/i18n';
import type { RuleType } from '../schema/rules';
import type { RuleBook } from './auth/rules';
import type { Db } from './db/connect';
import type { ConfigRows } from './services/config-rows';
import type { Logs } from './services/logs';
import type { Settings } from './services/settings';

/**
 * The app's parts, for scripts and tests that look behind the API (seeding, inspecting rows).
 * A domain plugin adds its own by declaration merging (server/payments/index.ts adds `payments`),
 * so these shared types import no domain and no import cycle runs through them.
 */
export interface AppParts {
  db: Db;
  config: ConfigRows;
  settings: Settings;
  logs: Logs;
  rules: RuleBook;
}

/** The signed-in user as the permission check found them. */
export interface CallerUser {
  id: number;
  account: string;
  nickname: string;
  status: string;
}

export interface Caller {
  user: CallerUser | null;
  /** Rows the caller may read and change: `null` = everyone's (manage), else only this owner id. */
  scopeUid: number | null;
  /** The live groups the caller belongs to (what a row shared with a group is read by: `personal` resources). */
  groups: readonly number[];
  /** The token's id, so sign-out can revoke it. */
  jti?: string;
  tokenExp?: number;
  /** Set when the caller came with an API key instead of a token (server/auth/api-keys.ts). */
  apiKeyId?: number;
  /** The API key is limited to these rules (`METHOD route`, with their simple-rest routes); absent: all of the owner's. */
  keyRules?: ReadonlySet<string>;
  /** A group of the caller requires two-factor sign-in, which they have not set up. */
  mfaMissing?: true;
  /**
   * Set for reads of the record history only: the tables whose rows the
   * caller may list, by the scope each table's own `rows` rule gives him
   * (everyone's, or his own); a revision of any other table stays hidden.
   */
  readable?: { all: readonly string[]; own: readonly string[] };
}

/** Declared by every route in `config.rule`; upserted into auth-rules at start. */
export interface RuleConfig {
  /** Action name, shown as `actions.<name>`. */
  name: string;
  /** Resource or area, shown as `resources.<group>.name`. */
  group: string;
  /** Default type for a new rule row; an operator may change it later. */
  type: RuleType;
  /** Log scene (one of `LOG_SCENES` in schema/rules.ts) when it differs from the name. */
  scene?: string;
  /** The route verifies its caller's own signature (payment notifications): request signing does not apply. */
  ownSignature?: boolean;
  /** Its query parameters, and the names in its path described, for the API document (the generic routes' come from their schemas). */
  query?: readonly QueryParam[];
  /** What its 200 answers when not the `{code, msg, data}` envelope: a content type (a file, a page, a bare document). */
  produces?: string;
}

/** A query parameter of a hand-written route, as the API document shows it. */
export interface QueryParam {
  name: string;
  required?: boolean;
  description?: string;
  /** A value the route accepts: the document shows it, and its test calls the route with it. */
  example?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's parts, for scripts and tests that look behind the API (seeding, inspecting rows). */
    paydesk: AppParts;
    /** The time in epoch milliseconds, as `Date.now` answers it unless a test gives its own (AppOptions.clock). */
    clock: () => number;
  }
  interface FastifyRequest {
    caller: Caller;
    lang: Lang;
    /** Set once a write has logged itself inside its transaction. */
    logged: boolean;
  }
  interface FastifyReply {
    /** The envelope's code and translated message, for the operation log (204 rides on HTTP 200). */
    outcome: { code: number; msg: string };
  }
  interface FastifyContextConfig {
    rule?: RuleConfig;
  }
}

/** What the server needs from the cache service (tokens denylist, codes, counters, read results). */
export interface KeyValueCache {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Set only if absent; true when this call set it. */
  add(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /** Atomic counter whose life starts at the first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
}
