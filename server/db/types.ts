/**
 * Kysely table types derived from the resource schemas: one `Database`
 * interface, no hand-written row types. `id` is generated; every other column
 * has a default, so inserts may leave it out.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RowOf } from '../../schema/define';
import type { Resources } from '../../schema';

type TableOf<R> = R extends { fields: infer F extends import('../../schema/define').Fields }
  ? { [K in keyof RowOf<F>]: K extends 'id' ? Generated<number> : ColumnType<RowOf<F>[K], RowOf<F>[K] | undefined, RowOf<F>[K]> }
  : never;

/** Registry keys are the resource names (`receive-money`); tables use `_`. */
type TableName<K> = K extends `${infer A}-${infer B}` ? TableName<`${A}_${B}`> : K;

export type Database = { [K in keyof Resources as TableName<K>]: TableOf<Resources[K]> };

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowPatch<T extends keyof Database> = Updateable<Database[T]>;
