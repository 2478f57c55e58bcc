/**
 * The rule book: every route's permission rule, collected as routes are
 * registered (`config.rule`), upserted into `auth_rules` at start keyed by a
 * hash of method and route, and read back from the table so that an
 * operator's change of a rule's type applies without a restart (within a
 * second on other instances; at once on the one that made it).
 */
import type { FastifyInstance } from 'fastify';
import type { RuleType } from '../../schema/rules';
import type { Db } from '../db/connect';
import { ruleHash } from '../db/rule-hash';
import type { RuleConfig } from '../types';

export interface RuleRow {
  id: number;
  method: string;
  route: string;
  type: RuleType;
}

export { ruleHash };
const keyOf = (method: string, route: string) => `${method} ${route}`;

const FRESH_MS = 1000;

export class RuleBook {
  private declared = new Map<string, RuleConfig & { method: string; route: string }>();
  private rows = new Map<string, RuleRow>();
  private loadedAt = 0;
  private loading?: Promise<void>;

  constructor(private readonly db: Db) {
    db.writes.on((table) => {
      if (table === 'auth_rules') this.loadedAt = 0;
    });
  }

  /** Collects `config.rule` of every route the app registers (generated and hand-written alike). */
  collect(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const rule = route.config?.rule;
      if (!rule) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const path = route.url.replace(/^\//, '');
        this.declared.set(keyOf(method, path), { ...rule, method, route: path });
      }
    });
  }

  get all() {
    return [...this.declared.values()];
  }

  /** Upsert at start: new routes get their declared type, existing rows keep the type an operator chose. */
  async sync() {
    const db = this.db.kysely;
    const existing = await db.selectFrom('auth_rules').select(['id', 'hash']).execute();
    const byHash = new Map(existing.map((r) => [r.hash, r.id]));
    const now = Math.floor(Date.now() / 1000);
    for (const rule of this.declared.values()) {
      const hash = ruleHash(rule.method, rule.route);
      const id = byHash.get(hash);
      if (id) await db.updateTable('auth_rules').set({ name: rule.name, group: rule.group, updateTime: now }).where('id', '=', id).execute();
      else {
        await db.insertInto('auth_rules').values({
          hash, method: rule.method, route: rule.route, name: rule.name, group: rule.group, type: rule.type,
          remark: '', lock: 0, uid: 0, createTime: now, updateTime: now,
        } as never).execute()
          // Another instance starting at the same moment may have inserted it first.
          .catch(async (error) => { if (!(await db.selectFrom('auth_rules').select('id').where('hash', '=', hash).executeTakeFirst())) throw error; });
      }
    }
  }

  private async load() {
    const rows = await this.db.kysely.selectFrom('auth_rules').select(['id', 'method', 'route', 'type']).execute();
    this.rows = new Map(rows.map((r) => [keyOf(r.method, r.route), r as RuleRow]));
    this.loadedAt = Date.now();
  }

  /** Every stored rule of a declared route. */
  async list(): Promise<RuleRow[]> {
    await this.find('GET', '');
    return [...this.rows.values()].filter((r) => this.declared.has(keyOf(r.method, r.route)));
  }

  /** The stored rule of a declared route, or undefined for a route without one. */
  async find(method: string, route: string): Promise<RuleRow | undefined> {
    if (Date.now() - this.loadedAt > FRESH_MS) {
      this.loading ??= this.load().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this.rows.get(keyOf(method, route));
  }
}
