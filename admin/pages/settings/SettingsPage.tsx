/**
 * System settings (SPEC §2 "System settings page with two tabs", issue 7):
 * tab 1, security: the API, SMS-safety and sign-in/up config rows and the
 * sign-in tokens; tab 2: site info, SMS and email, cache (with a clear button)
 * and storage. Config rows are read with `GET config/find?key=` and saved with
 * `PUT config/update {id, value}`; settings files with `GET toml/<file>` and
 * `PUT toml/<file>-<section>`. Every form is drawn from its zod schema.
 */
import { Box, Button, Tab, Tabs } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { CONFIG_SCHEMAS, type ConfigKey } from '../../../schema/config-rows';
import { SETTINGS, type SettingsFile } from '../../../schema/settings';
import { call, queryString } from '../../api/http';
import { usePermission } from '../../permissions';
import { setSiteTitle } from '../../layout/chrome';
import { actionRule } from '../../schema';
import { configLabelKey } from './configMeta';
import { SectionForm } from './SectionForm';

type Values = Record<string, unknown>;

interface ConfigRow {
  id: number;
  key: ConfigKey;
  value: Values;
}

/** `GET toml/<file>`: secrets blank, flagged per `section.field` when a value is stored. */
interface MaskedFile {
  values: Record<string, Values>;
  secrets: Record<string, boolean>;
}
/** `PUT toml/<file>-<section>` answers the stored section the same way, flags per field. */
interface MaskedSection {
  values: Values;
  secrets: Record<string, boolean>;
}

/** The secret flags of one section, by field. */
const sectionSecrets = (masked: MaskedFile, section: string) =>
  Object.fromEntries(
    Object.entries(masked.secrets).filter(([path]) => path.startsWith(`${section}.`)).map(([path, set]) => [path.slice(section.length + 1), set]),
  );

const TABS: Array<{ label: string; rows: ConfigKey[]; files: SettingsFile[] }> = [
  { label: 'admin.screens.settings.tabs.security', rows: ['SYSTEM_SAFETY_API', 'SAFETY_SMS', 'SIGN_IN_UP'], files: ['crypt'] },
  { label: 'admin.screens.settings.tabs.services', rows: ['SITE_INFO'], files: ['sms', 'cache', 'storage'] },
];

const TOML_READ = '[GET]api/toml/:name';
const TOML_WRITE = '[PUT]api/toml/:file-:section';
const CACHE_CLEAR = '[DELETE]api/cache/clear';

export default function SettingsPage() {
  const translate = useTranslate();
  const can = usePermission();
  const [tab, setTab] = useState(0);
  const { rows, files } = TABS[tab]!;
  return (
    <Box sx={{ maxWidth: 1100, py: 2 }}>
      <Title title={translate('resources.config.name')} />
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }}>
        {TABS.map(({ label }) => <Tab key={label} label={translate(label)} />)}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <ConfigRows keys={rows} />
        {can(TOML_READ) && files.map((file) => <SettingsFileForms key={file} file={file} />)}
      </Box>
    </Box>
  );
}

/** The `data` of a GET, read again when the path or query change; a refusal shows as an error toast. */
function useRead<T>(path: string, query?: Record<string, string>) {
  const notify = useNotify();
  const [data, setData] = useState<T | null>(null);
  const search = queryString(query);
  useEffect(() => {
    let live = true;
    setData(null);
    call<T>('GET', path, { query }).then(
      (envelope) => live && setData(envelope.data),
      (error: Error) => live && notify(error.message, { type: 'error' }),
    );
    return () => void (live = false);
    // `search` stands for `query`, whose identity changes on every render.
  }, [path, search, notify]);
  return [data, setData] as const;
}

function ConfigRows({ keys }: { keys: ConfigKey[] }) {
  const can = usePermission();
  const [rows, setRows] = useRead<ConfigRow[]>('config/find', { key: keys.join(',') });

  async function save(row: ConfigRow, value: Values) {
    const { data } = await call<ConfigRow>('PUT', 'config/update', { body: { id: row.id, value } });
    setRows((all) => all && all.map((r) => (r.id === data.id ? data : r)));
    if (data.key === 'SITE_INFO') setSiteTitle(String((data.value as { title?: unknown }).title ?? ''));
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
    setMasked((before) => before && {
      values: { ...before.values, [section]: data.values },
      secrets: { ...before.secrets, ...Object.fromEntries(Object.entries(data.secrets).map(([field, set]) => [`${section}.${field}`, set])) },
    });
  }

  return Object.entries(SETTINGS[file].shape).map(([section, schema]) => (
    <SectionForm
      key={section}
      titleKey={`settings.sections.${file}.${section}`}
      schema={schema}
      values={masked.values[section] ?? {}}
      labelKey={(field) => `settings.${file}.${section}.${field}`}
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
