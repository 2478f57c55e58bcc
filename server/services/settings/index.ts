/**
 * The settings files `config/<file>.toml`:
 * written with their defaults on first start, read and validated with the
 * schemas of `schema/settings.ts`, updated one section at a time with an
 * atomic write, and applied live through `onChange` subscribers (the cache,
 * storage and senders rebuild their driver; the next request uses it).
 *
 * Several instances share one config folder (a shared volume). Each instance
 * polls the files' stat (`fs.watchFile`, every `pollMs`, one second by
 * default) because polling works on network filesystems where change
 * notifications do not; a file whose text changed is reloaded and its
 * subscribers are told. So a change made through instance A is in use on B
 * within about a second, with no restart and no extra service. An update
 * re-reads its file first and replaces only its own section, so instances
 * editing different sections do not undo each other; on the same section the
 * last writer wins. First start creates each file with a hard link, so two
 * instances starting together keep one JWT key, not two.
 */
import { access, mkdir, readFile } from 'node:fs/promises';
import { unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import {
  SETTINGS_DEFAULTS, SETTINGS_FILES, generateJwtKey, sectionSchema, settingsLabelKey,
  type SettingsFile, type SettingsOf,
} from '../../../schema/settings';
import { notFound } from '../../http';
import { createFileAtomic, removeStaleTemps, writeFileAtomic } from './atomic-write';
import { invalidInput } from './field-errors';
import {
  keepStoredSecrets, maskFile, maskSection, parseSettings, toToml,
  type MaskedFile, type MaskedSection, type Sections,
} from './values';

export type { MaskedFile, MaskedSection } from './values';
export type SettingsListener<F extends SettingsFile> = (values: SettingsOf<F>) => void | Promise<void>;

export interface Settings {
  /** Current values of a file, typed by its schema. */
  get<F extends SettingsFile>(file: F): SettingsOf<F>;
  /** What the API shows: secrets blank, with a flag saying whether each is set. */
  masked(file: SettingsFile): MaskedFile;
  /** Validates and stores one section (400 with field errors, 404 for an unknown section). */
  update(file: SettingsFile, section: string, input: unknown): Promise<MaskedSection>;
  /** Called after a file changes, here or in another instance. Returns an unsubscribe. */
  onChange<F extends SettingsFile>(file: F, listener: SettingsListener<F>): () => void;
  /** Re-reads every file now instead of waiting for the next poll. */
  reload(): Promise<void>;
  close(): void;
}

export interface SettingsOptions {
  /** How often other instances' writes are looked for. */
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface Loaded {
  values: Sections;
  /** The file's text as last read or written: a poll that finds the same text changes nothing. */
  text: string;
}

/** Creates missing files, loads all of them (throwing on an invalid file), and starts watching. */
export async function createSettings(configDir: string, options: SettingsOptions = {}): Promise<Settings> {
  const log = options.log ?? ((message, error) => console.warn(message, error ?? ''));
  await mkdir(configDir, { recursive: true });
  await removeStaleTemps(configDir);
  const pathOf = (file: SettingsFile) => join(configDir, `${file}.toml`);

  const loaded = {} as Record<SettingsFile, Loaded>;
  for (const file of SETTINGS_FILES) loaded[file] = await loadOrCreate(file, pathOf(file));
  await ensureJwtKey();

  const listeners = new Map<SettingsFile, Set<SettingsListener<any>>>();
  const queues = new Map<SettingsFile, Promise<unknown>>();

  /** Runs one read-modify-write of a file at a time in this process. */
  function serial<T>(file: SettingsFile, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(file) ?? Promise.resolve()).then(task);
    queues.set(file, run.catch(() => {}));
    return run;
  }

  function apply(file: SettingsFile, values: Sections, text: string): void {
    if (text === loaded[file].text) return;
    loaded[file] = { values, text };
    for (const listener of listeners.get(file) ?? []) {
      try {
        Promise.resolve(listener(values)).catch((error) => log(`settings listener of ${file} failed`, error));
      } catch (error) {
        log(`settings listener of ${file} failed`, error);
      }
    }
  }

  /** Picks up a write made elsewhere; an unreadable or invalid file keeps the values in use. */
  async function refresh(file: SettingsFile): Promise<void> {
    try {
      const text = await readFile(pathOf(file), 'utf8');
      if (text !== loaded[file].text) apply(file, parseSettings(file, text, pathOf(file)), text);
    } catch (error) {
      log(`${pathOf(file)} not reloaded; the previous values stay in use`, error);
    }
  }

  /** An operator may blank the key to rotate it: a new one is made at start. */
  async function ensureJwtKey(): Promise<void> {
    const jwt = loaded.crypt.values.jwt!;
    if (jwt.key !== '') return;
    const values = { ...loaded.crypt.values, jwt: { ...jwt, key: generateJwtKey() } };
    const text = toToml(values);
    await writeFileAtomic(pathOf('crypt'), text);
    loaded.crypt = { values, text };
  }

  const polls = SETTINGS_FILES.map((file) => {
    const onStat = () => void serial(file, () => refresh(file));
    watchFile(pathOf(file), { interval: options.pollMs ?? 1000, persistent: false }, onStat);
    return () => unwatchFile(pathOf(file), onStat);
  });

  return {
    get: <F extends SettingsFile>(file: F) => loaded[file].values as SettingsOf<F>,
    masked: (file) => maskFile(file, loaded[file].values),
    update(file, section, input) {
      const schema = sectionSchema(file, section);
      if (!schema) return Promise.reject(notFound());
      return serial(file, async () => {
        await refresh(file);
        const stored = loaded[file].values[section]!;
        const result = schema.safeParse(keepStoredSecrets(file, section, input, stored));
        if (!result.success) throw invalidInput(result.error, section, (field) => settingsLabelKey(file, section, field));
        const values = { ...loaded[file].values, [section]: result.data as Record<string, unknown> };
        const text = toToml(values);
        await writeFileAtomic(pathOf(file), text);
        apply(file, values, text);
        return maskSection(file, section, values[section]!);
      });
    },
    onChange(file, listener) {
      const set = listeners.get(file) ?? new Set();
      listeners.set(file, set.add(listener));
      return () => void set.delete(listener);
    },
    reload: async () => {
      await Promise.all(SETTINGS_FILES.map((file) => serial(file, () => refresh(file))));
    },
    close: () => polls.forEach((stop) => stop()),
  };
}

async function loadOrCreate(file: SettingsFile, path: string): Promise<Loaded> {
  const exists = await access(path).then(() => true, () => false);
  // Losing the race to another instance is fine: its file is read below.
  if (!exists) await createFileAtomic(path, toToml(firstValues(file)));
  const text = await readFile(path, 'utf8');
  return { values: parseSettings(file, text, path), text };
}

/** The defaults of `schema/settings.ts`; the JWT key is generated here so the file is born complete. */
function firstValues(file: SettingsFile): Sections {
  const defaults = SETTINGS_DEFAULTS[file] as Sections;
  return file === 'crypt' ? { ...defaults, jwt: { ...defaults.jwt, key: generateJwtKey() } } : defaults;
}
