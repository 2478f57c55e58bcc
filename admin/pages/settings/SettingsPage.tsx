/**
 * System settings (issue 7):
 * tab 1, security: the API, SMS-safety and sign-in/up config rows and the
 * sign-in tokens; tab 2: site info, SMS and email, cache (with a clear button)
 * and storage; tab 3, payments (PaymentsSettings.tsx). Config rows are read with `GET config/find?key=` and saved with
 * `PUT config/update {id, value}`; settings files with `GET toml/<file>` and
 * `PUT toml/<file>-<section>`. Every form is drawn from its zod schema.
 */
import { Box, Button, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { CONFIG_SCHEMAS, type ConfigKey } from '../../../schema/config-rows';
import { SETTINGS, settingsLabelKey, type SettingsFile } from '../../../schema/settings';
import { apiPolicyChanged, call } from '../../api/http';
import { usePermission } from '../../permissions';
import { setSiteInfo } from '../../layout/chrome';
import { actionRule } from '../../schema';
import { BlockedClients } from './BlockedClients';
import { configLabelKey } from './configMeta';
import { PAYMENT_UNITS, paymentUnitLabel, PaymentsUnit, type PaymentUnit } from './PaymentsSettings';
import { SectionForm } from './SectionForm';
import { sectionSecrets, useRead, withSection, type MaskedFile, type MaskedSection, type Values } from './reads';

interface ConfigRow {
  id: number;
  key: ConfigKey;
  value: Values;
}

/** One saved unit on its own sub-tab: a config row, a settings file with its sections, or a part of the payments. */
type Unit = { row: ConfigKey } | { file: SettingsFile } | { pay: PaymentUnit };

/**
 * Three tabs, security, services and payments; each unit is a sub-tab, so no tab is one long scroll.
 * (pay.toml is the Payments tab's, a sub-tab per provider: listed as a file here it was never shown.)
 */
const TABS: Array<{ label: string; units: Unit[] }> = [
  { label: 'admin.screens.settings.tabs.security', units: [{ row: 'SYSTEM_SAFETY_API' }, { row: 'SAFETY_SMS' }, { row: 'SIGN_IN_UP' }, { file: 'crypt' }, { file: 'history' }] },
  { label: 'admin.screens.settings.tabs.services', units: [{ row: 'SITE_INFO' }, { file: 'sms' }, { file: 'cache' }, { file: 'storage' }] },
  { label: 'settings.files.pay', units: PAYMENT_UNITS.map((pay) => ({ pay })) },
];

/** A row's title; a file's name, or its one section's title when it has only one (the tokens of "security"). */
function unitLabel(unit: Unit): string {
  if ('row' in unit) return `admin.screens.settings.rows.${unit.row}._`;
  if ('pay' in unit) return paymentUnitLabel(unit.pay);
  const sections = Object.keys(SETTINGS[unit.file].shape);
  return sections.length === 1 ? `settings.sections.${unit.file}.${sections[0]}` : `settings.files.${unit.file}`;
}

const TOML_READ = '[GET]api/toml/:name';
const TOML_WRITE = '[PUT]api/toml/:file-:section';
const CACHE_CLEAR = '[DELETE]api/cache/clear';

export default function SettingsPage() {
  const translate = useTranslate();
  const can = usePermission();
  // Settings files are read with their own rule: a tab of nothing but files shows only to who holds it.
  const tabs = TABS.map(({ label, units }) => ({ label, units: units.filter((unit) => 'row' in unit || can(TOML_READ)) })).filter(({ units }) => units.length > 0);
  const [chosen, setTab] = useState(0);
  const [subTabs, setSubTabs] = useState<number[]>(() => TABS.map(() => 0));
  const tab = Math.min(chosen, tabs.length - 1);
  const { units } = tabs[tab]!;
  const at = Math.min(subTabs[tab]!, units.length - 1);
  const unit = units[at]!;
  return (
    // Inline-size containment: the tab rows scroll inside the page instead of widening it on a phone.
    <Box sx={{ maxWidth: 1100, contain: 'inline-size', py: 2 }}>
      <Title title={translate('resources.config.name')} />
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 1 }}>
        {tabs.map(({ label }) => <Tab key={label} label={translate(label)} />)}
      </Tabs>
      <Tabs
        value={at}
        onChange={(_, next: number) => setSubTabs((all) => all.map((v, i) => (i === tab ? next : v)))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate(tabs[tab]!.label)}
        sx={{ mb: 2, minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0.5, textTransform: 'none' } }}
      >
        {units.map((u) => <Tab key={unitLabel(u)} label={translate(unitLabel(u))} />)}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {'row' in unit ? <ConfigRows key={unit.row} keys={[unit.row]} />
          : 'pay' in unit ? <PaymentsUnit key={unit.pay} unit={unit.pay} />
          : <SettingsFileForms key={unit.file} file={unit.file} />}
        {'row' in unit && unit.row === 'SYSTEM_SAFETY_API' && <BlockedClients />}
      </Box>
    </Box>
  );
}

function ConfigRows({ keys }: { keys: ConfigKey[] }) {
  const can = usePermission();
  const [rows, setRows] = useRead<ConfigRow[]>('config/find', { key: keys.join(',') });

  async function save(row: ConfigRow, value: Values) {
    const { data } = await call<ConfigRow>('PUT', 'config/update', { body: { id: row.id, value } });
    setRows((all) => all && all.map((r) => (r.id === data.id ? data : r)));
    if (data.key === 'SITE_INFO') setSiteInfo(data.value as Parameters<typeof setSiteInfo>[0]);
    // Signing on or off, or a new key: this tab and the others sign (or not) from the next call on.
    if (data.key === 'SYSTEM_SAFETY_API') apiPolicyChanged();
  }

  return keys.map((key) => {
    const row = rows?.find((r) => r.key === key);
    return row && (
      <SectionForm
        key={key}
        titleKey={`admin.screens.settings.rows.${key}._`}
        schema={CONFIG_SCHEMAS[key]}
        values={row.value}
        labelKey={configLabelKey(key)}
        save={can(actionRule('config', 'update')) ? (value) => save(row, value) : undefined}
        errorPrefix="value."
      />
    );
  });
}

function SettingsFileForms({ file }: { file: SettingsFile }) {
  const can = usePermission();
  const [masked, setMasked] = useRead<MaskedFile>(`toml/${file}`);
  if (!masked) return null;

  async function save(section: string, values: Values) {
    const { data } = await call<MaskedSection>('PUT', `toml/${file}-${section}`, { body: values });
    setMasked((before) => before && withSection(before, section, data));
  }

  return Object.entries(SETTINGS[file].shape).map(([section, schema]) => (
    <SectionForm
      key={section}
      titleKey={`settings.sections.${file}.${section}`}
      schema={schema}
      values={masked.values[section] ?? {}}
      labelKey={(field) => settingsLabelKey(file, section, field)}
      secrets={sectionSecrets(masked, section)}
      save={can(TOML_WRITE) ? (values) => save(section, values) : undefined}
      actions={file === 'cache' && section === 'default' && can(CACHE_CLEAR) && <ClearCacheButton />}
    />
  ));
}

function ClearCacheButton() {
  const translate = useTranslate();
  const notify = useNotify();
  async function clear() {
    try {
      const { msg } = await call('DELETE', 'cache/clear');
      notify(msg, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  }
  return <Button onClick={clear}>{translate('admin.screens.settings.clear_cache')}</Button>;
}
