/**
 * Saved views as the console keeps them: on the server (`/api/views/*`), so
 * they follow the user to any browser and survive sign-out. A view holds what
 * a list shows (filters, columns, sort, page size); these helpers take that
 * from the list as it stands and call the server.
 */
import type { SortPayload } from 'react-admin';
import type { ViewState } from '../../../schema/resources/views';
import { call } from '../../api/http';
import type { TableSettings } from '../tableSettings';

export interface SavedView {
  id: number;
  name: string;
  resource: string;
  state: ViewState;
  /** The group it is shared with; 0: private. */
  group: number;
  /** Its owner: only he renames or deletes it. */
  uid: number;
}

export interface ShareGroup {
  id: number;
  name: string;
}

/** Views listed in one menu: more than anyone keeps for one list. */
const MENU_LIMIT = 100;

/**
 * The list's state as a view keeps it. The recycle-bin switch is left out (a
 * view lists live rows), and so are blank filters and any value that is not
 * text or a number.
 */
export function captureState(filter: Record<string, unknown>, sort: SortPayload, perPage: number, settings: TableSettings): ViewState {
  const kept = Object.entries(filter).filter((entry): entry is [string, string | number] =>
    entry[0] !== 'onlyTrashed' && entry[1] !== '' && (typeof entry[1] === 'string' || typeof entry[1] === 'number'));
  return {
    filter: Object.fromEntries(kept),
    columns: settings.columns.map(({ name, visible, pin }) => ({ name, visible, pin })),
    sort: { field: sort.field, order: sort.order === 'ASC' ? 'ASC' : 'DESC' },
    perPage,
    dateDisplay: settings.dateDisplay,
  };
}

export const listViews = async (resource: string) =>
  (await call<{ rows: SavedView[] }>('GET', 'views/rows', { query: { resource, limit: MENU_LIMIT, order: 'name asc' } })).data.rows;

export const shareGroups = async () => (await call<ShareGroup[]>('GET', 'views/groups')).data;

export const createView = (body: { name: string; resource: string; group: number; state: ViewState }) =>
  call<SavedView>('POST', 'views/create', { body });

export const updateView = (id: number, body: { name: string; group: number }) =>
  call<SavedView>('PUT', 'views/update', { body: { id, ...body } });

export const deleteView = (id: number) => call('DELETE', 'views/delete', { body: { ids: String(id) } });
