/** Form facts of the config rows live on their schemas (`schema/config-rows.ts`); only their label keys are the console's own. */
import type { ConfigKey } from '../../../schema/config-rows';

/** Labels of a config row's fields and groups: `admin.screens.settings.rows.<KEY>.<path>`, a group's title at `._`. */
export const configLabelKey = (key: ConfigKey) => (path: string, group?: boolean) =>
  `admin.screens.settings.rows.${key}.${path}${group ? '._' : ''}`;
