/**
 * The labels a schema carries itself (`label: {'zh-cn': …, …}` on a resource
 * and its fields), as the catalog keys the console and the server read:
 * `resources.<name>.name` and `resources.<name>.fields.<field>`. A table that
 * labels itself this way needs no line in the catalogs; its system columns
 * (id, owner, times…) are named by their kind from the shared `system` labels.
 */
import type { Resource } from '../../define';
import { lookup, type Catalog, type Lang } from '../index';

export function inlineLabels(list: readonly Resource[], lang: Lang, common: Catalog): Catalog {
  const resources: Catalog = {};
  for (const r of list) {
    const own = Object.entries(r.fields).filter(([, f]) => f.label);
    if (!r.label && own.length === 0) continue;
    const fields: Catalog = {};
    for (const [name, f] of Object.entries(r.fields)) {
      const text = f.label?.[lang] ?? (f.system && r.label ? lookup(common, `system.${f.system}`) : undefined);
      if (text) fields[name] = text;
    }
    resources[r.name] = { ...(r.label && { name: r.label[lang] }), fields };
  }
  return Object.keys(resources).length ? { resources } : {};
}
