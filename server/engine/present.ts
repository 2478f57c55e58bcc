/**
 * What some tables' rows carry beyond their columns, added after the (cached)
 * read in the reader's language: a log names its caller as `user`
 * `{id, avatar, nickname}`, so a log reader needs no right to the users
 * table; an auth rule has a readable `fullName`, "<group> · <action>".
 */
import type { Resource } from '../../schema/define';
import { resources } from '../../schema/index';
import type { Lang } from '../../schema/i18n';
import { t } from '../i18n';
import type { Engine } from './store';

type Row = Record<string, unknown>;
type Presenter = (e: Engine, rows: Row[], lang: Lang) => Promise<Row[]>;

async function withCallers(e: Engine, rows: Row[]): Promise<Row[]> {
  const uids = [...new Set(rows.map((row) => Number(row.uid)).filter((uid) => uid > 0))];
  const users = uids.length
    ? await e.db.any.selectFrom('users').select(['id', 'avatar', 'nickname']).where('id', 'in', uids).execute()
    : [];
  const byId = new Map(users.map((user) => [Number(user.id), user]));
  return rows.map((row) => ({ ...row, user: byId.get(Number(row.uid)) ?? null }));
}

/** A label from the catalogs, or the identifier itself when none has it. */
const label = (lang: Lang, key: string, fallback: string) => {
  const text = t(lang, key);
  return text === key ? fallback : text;
};

export function ruleFullName(lang: Lang, group: string, name: string): string {
  const groupKey = Object.hasOwn(resources, group) ? `resources.${group}.name` : `ruleGroups.${group}`;
  return `${label(lang, groupKey, group)} · ${label(lang, `actions.${name}`, name)}`;
}

const presenters: Record<string, Presenter> = {
  logs: (e, rows) => withCallers(e, rows),
  'auth-rules': async (_e, rows, lang) => rows.map((row) => ({ ...row, fullName: ruleFullName(lang, String(row.group), String(row.name)) })),
};

/** The rows as the API answers them. */
export async function present<T>(e: Engine, r: Resource, rows: T[], lang: Lang): Promise<T[]> {
  const presenter = presenters[r.name];
  return presenter ? ((await presenter(e, rows as Row[], lang)) as T[]) : rows;
}

export async function presentOne<T>(e: Engine, r: Resource, row: T | null, lang: Lang): Promise<T | null> {
  return row === null ? null : (await present(e, r, [row], lang))[0]!;
}
