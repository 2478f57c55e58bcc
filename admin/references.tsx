/**
 * How a row of another resource reads where a field points at it (`f.ref`,
 * `f.ids`): by that resource's `title` field (`useAsTitle`), or `#id` where it
 * has none or the caller may not read it. The lookups of one screen go out as
 * one `find` (react-admin's aggregated getMany), and none at all for a caller
 * who would only be refused.
 */
import { useGetManyAggregate, type RaRecord } from 'react-admin';
import { actionRule, getResource } from './schema';
import { usePermission } from './permissions';

/** What a record reads as: the resource's `title` field, or its id where it has none. */
export const titleText = (reference: string) => {
  const title = getResource(reference).title;
  return (record: RaRecord) => String((title && record[title]) || `#${record.id}`);
};

/** The title of row `id` of `reference`; `''` for 0 (points nowhere). */
export function useReferenceTitle(reference: string, id: number): string {
  const readable = usePermission()(actionRule(reference, 'find'));
  const { data, isPending } = useGetManyAggregate(reference, { ids: [id] }, { enabled: readable && id > 0 });
  if (!id || (readable && isPending)) return '';
  const row = data?.find((record) => Number(record.id) === id);
  return row ? titleText(reference)(row) : `#${id}`;
}

/** A `ref` field's value as text, for a list cell or a read-only input. */
export function ReferenceTitle({ reference, id }: { reference: string; id: number }) {
  return <>{useReferenceTitle(reference, id)}</>;
}
