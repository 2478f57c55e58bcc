/**
 * Migrations derived from the schemas: the committed files build exactly what
 * the schemas describe, and a change to a schema plans the operations that
 * bring a database to it.
 */
import { describe, expect, it } from 'vitest';
import { resourceList, users } from '../../schema';
import { f, type Resource } from '../../schema/define';
import { fold, plan, readMigrationFiles, type MigrationOp } from '../../server/db/migrate';

const committed = async () => fold((await readMigrationFiles()).flatMap((m) => m.ops ?? []));
/** The registry with users' fields changed by `change`. */
const withUsers = (change: (fields: Resource['fields']) => Resource['fields']): Resource[] =>
  resourceList.map((r) => (r.name === 'users' ? { ...r, fields: change({ ...users.fields }) } : r));

describe('migrations', () => {
  it('match the schemas: nothing left to plan', async () => {
    expect(plan(await committed(), resourceList)).toEqual([]);
  });

  it('index every filterable and sortable column, the owner and deleteTime', async () => {
    const tables = await committed();
    const indexed = (table: string) => Object.values(tables[table]!.indexes).map((i) => i.columns.join());
    expect(indexed('users')).toEqual(expect.arrayContaining(['account', 'status', 'createTime', 'deleteTime', 'uid']));
    expect(indexed('receive_money')).toEqual(expect.arrayContaining(['tradeNo', 'amount', 'currency', 'deleteTime']));
    expect(tables.users!.indexes.users_account_unique).toEqual({ columns: ['account'], unique: true });
  });

  it('plan a new field as a column and its index', async () => {
    const ops = plan(await committed(), withUsers((fields) => ({ ...fields, level: f.number({ filter: true }) })));
    expect(ops).toEqual<MigrationOp[]>([
      { op: 'addColumn', table: 'users', column: { name: 'level', type: 'integer', nullable: false, default: 0 } },
      { op: 'createIndex', table: 'users', name: 'users_level_index', columns: ['level'], unique: false },
    ]);
  });

  it('plan a removed field as a dropped index and column', async () => {
    const ops = plan(await committed(), withUsers(({ phone: _, ...fields }) => fields));
    expect(ops).toEqual(expect.arrayContaining<MigrationOp>([
      { op: 'dropColumn', table: 'users', name: 'phone' },
      { op: 'dropIndex', table: 'users', name: 'users_phone_index' },
    ]));
    expect(ops).toHaveLength(2);
  });

  it('plan a field that becomes unique as a swapped index', async () => {
    const ops = plan(await committed(), withUsers((fields) => ({ ...fields, email: { ...fields.email!, column: { ...fields.email!.column, unique: true } } })));
    expect(ops.map((o) => `${o.op} ${'name' in o ? o.name : ''}`)).toEqual(['dropIndex users_email_index', 'createIndex users_email_unique']);
  });

  it('plan a new table with its indexes', () => {
    const ops = plan({}, resourceList.filter((r) => r.name === 'tags'));
    expect(ops[0]).toMatchObject({ op: 'createTable', table: 'tags' });
    expect(ops.slice(1).map((o) => (o as { name: string }).name)).toEqual(expect.arrayContaining(['tags_name_unique', 'tags_deleteTime_index']));
  });

  it('refuse to guess a changed column type, naming the column', async () => {
    const change = withUsers((fields) => ({ ...fields, nickname: f.number() }));
    const snapshot = await committed();
    expect(() => plan(snapshot, change)).toThrow(/users\.nickname changed/);
  });
});
