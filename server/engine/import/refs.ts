/**
 * References in an imported row name their rows by a unique key of the
 * table they point at (a user by account, a tag by name), never by a display
 * value two rows may share (Directus' duplicates, directus#21175). A name
 * that finds no row is the row's error, said in the reader's language.
 */
import type { Kysely } from 'kysely';
import type { Field, Resource } from '../../../schema/define';
import type { FieldIssue } from '../params';
import type { Engine } from '../store';

/** The field a reference to `target` names its rows by: its title when unique, else its first unique field; `id` without one. */
export function refKeyOf(target: Resource): string {
  const usable = (k: string) => {
    const f = target.fields[k];
    return Boolean(f && !f.hidden && f.column.unique);
  };
  if (target.title && usable(target.title)) return target.title;
  return Object.keys(target.fields).find(usable) ?? 'id';
}

/** Resolves reference cells of one import, remembering each name it looked up. */
export class RefResolver {
  private readonly known = new Map<string, number | null>();
  constructor(private readonly e: Engine, private readonly by: Record<string, string> = {}) {}

  /** The key a column of field `key` names its rows by (the plan may say `id`). */
  keyFor(key: string, f: Field): string {
    const target = this.e.resources.get(f.ref!);
    return this.by[key] ?? (target ? refKeyOf(target) : 'id');
  }

  private async idOf(db: Kysely<any>, target: Resource, by: string, name: string): Promise<number | null> {
    const memo = `${target.name}\0${by}\0${name}`;
    if (this.known.has(memo)) return this.known.get(memo)!;
    // A key is looked up as it is stored (an account in lower case), an id as a number.
    const parsed = by === 'id' ? undefined : target.fields[by]?.input.safeParse(name);
    const value: unknown = by === 'id' ? (/^\d+$/.test(name) ? Number(name) : null) : parsed?.success ? parsed.data : name;
    const row = value === null ? undefined : await db.selectFrom(target.table).select('id').where(by, '=', value as never).executeTakeFirst();
    const id = row ? Number(row.id) : null;
    this.known.set(memo, id);
    return id;
  }

  /** The stored value of a reference cell (`5`, or `|1|2|` for a list), or the issue naming what was not found. */
  async resolve(db: Kysely<any>, key: string, f: Field, text: string): Promise<{ value: unknown } | { issue: FieldIssue }> {
    const target = this.e.resources.get(f.ref!);
    if (!target) return { value: text };
    const by = this.keyFor(key, f);
    // A list as exported (`|1|2|`) or as typed (`a, b`).
    const names = f.widget === 'ids' ? text.split(/[|,]/).map((s) => s.trim()).filter(Boolean) : [text.trim()];
    const ids: number[] = [];
    for (const name of names) {
      const id = await this.idOf(db, target, by, name);
      if (id === null) return { issue: { field: key, message: 'validation.ref_unknown', params: { value: name, key: by } } };
      ids.push(id);
    }
    return { value: f.widget === 'ids' ? (ids.length ? `|${ids.join('|')}|` : '') : ids[0] ?? 0 };
  }
}
