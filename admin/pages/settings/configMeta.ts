/**
 * Form facts of the config rows that their zod schemas do not carry (the
 * settings files carry theirs in `settingsMeta`): which option set labels a
 * choice, the API key's generator, the group picker, the site's date and
 * images. Keyed by dotted path inside the row's value.
 */
import {
  INVITE_FORMATS, INVITE_MODES, SIGN_IN_STRATEGIES, SMS_SAFETY_MODES, SMS_STRATEGIES, type ConfigKey,
} from '../../../schema/config-rows';
import { optionLabelKey } from '../../../schema/i18n/common';
import type { InputMeta } from './SchemaInputs';

const labelled = (set: string, values: readonly string[]): InputMeta => ({
  choices: values.map((value) => ({ value, label: optionLabelKey(set, value) })),
});

const smsGuard = (name: 'brush' | 'burst') => ({
  [`${name}.plan.mode`]: labelled('smsMode', SMS_SAFETY_MODES),
  [`${name}.rule.strategy`]: labelled('smsStrategy', SMS_STRATEGIES),
});

export const CONFIG_META: Record<ConfigKey, Record<string, InputMeta>> = {
  SYSTEM_SAFETY_API: { key: { generate: 'apiKey' } },
  SAFETY_SMS: { ...smsGuard('brush'), ...smsGuard('burst') },
  SIGN_IN_UP: {
    'sign_in.strategy': labelled('signInStrategy', SIGN_IN_STRATEGIES),
    'sign_up.invite.mode': labelled('inviteMode', INVITE_MODES),
    'sign_up.invite.format': labelled('inviteFormat', INVITE_FORMATS),
    'sign_up.auth_group_ids': { reference: 'auth-group' },
  },
  SITE_INFO: { date: { widget: 'date' }, avatar: { widget: 'image' }, favicon: { widget: 'image' } },
};

/** Labels of a config row's fields and groups: `admin.screens.settings.rows.<KEY>.<path>`, a group's title at `._`. */
export const configLabelKey = (key: ConfigKey) => (path: string, group?: boolean) =>
  `admin.screens.settings.rows.${key}.${path}${group ? '._' : ''}`;
