import { z } from 'zod';
import { DATE_DISPLAYS } from '../dates';
import { defineResource, f } from '../define';

/** Longest name of a field or filter parameter a view may hold (`createTime_gte`). */
const KEY = z.string().min(1).max(64).regex(/^[A-Za-z_]\w*$/);

/**
 * What a saved view restores on its list: the search filters (the API's own
 * parameter names, `nickname_like`, `createTime_gte`, `q`), the columns in
 * their order with their visibility and pin, the sort and the page size.
 * Unknown keys are refused, so a view holds nothing the console would not
 * read back; the server checks the filters and the sort against the list's
 * own fields when the view is written.
 */
export const viewState = z.strictObject({
  filter: z.record(KEY, z.union([z.string().max(255), z.number()])).refine((v) => Object.keys(v).length <= 50, { error: 'validation.view_state' }),
  columns: z.array(z.strictObject({ name: KEY, visible: z.boolean(), pin: z.enum(['left', 'right']).nullable() })).max(100),
  sort: z.strictObject({ field: KEY, order: z.enum(['ASC', 'DESC']) }),
  perPage: z.number().int().min(1).max(1000),
  dateDisplay: z.enum(DATE_DISPLAYS).optional(),
}, { error: 'validation.view_state' });
export type ViewState = z.infer<typeof viewState>;

/**
 * Saved views of the lists: a user's named filters, columns, sort and page
 * size for one list, kept on the server so they follow him to any browser
 * and survive sign-out. A view is its owner's alone, whatever his groups
 * manage (`personal`): only he renames or deletes it. Shared with one of his
 * groups (`group`), its members see it and may apply it, read-only.
 * Read and written from each list's "Views" menu, not a menu entry of its own.
 */
export const views = defineResource({
  name: 'views',
  menu: 'settings',
  fields: {
    id: f.id(),
    name: f.text({ required: true, max: 48, search: true, sortable: true }),
    /** The list (resource name) the view belongs to. */
    resource: f.text({ required: true, max: 32, pattern: /^[a-z][a-z0-9-]*$/, filter: ['eq'] }),
    state: f.json({ schema: viewState, required: true }),
    /** The group it is shared with, one of its owner's; 0 keeps it private. */
    group: f.ref({ ref: 'auth-group', filter: ['eq'] }),
    uid: f.owner(),
    ...f.timestamps(),
  },
  order: 'name asc',
  personal: { sharedWith: 'group' },
  actions: { find: false, rand: false, export: false, save: false, remove: false,
    // A view is one person's saved list state, made from the list itself: nothing to import or edit in bulk.
    import: false, 'update-many': false },
});
