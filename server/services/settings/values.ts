/**
 * Pure steps between a settings file's text and what the API shows: parsing
 * (with defaults for sections or fields a file lacks), masking secrets, and
 * keeping a stored secret that a form sends back blank.
 */
import { parse, stringify } from 'smol-toml';
import type { z } from 'zod';
import { SETTINGS, SETTINGS_DEFAULTS, fieldMeta, sectionSchema, type SettingsFile } from '../../../schema/settings';

/** A file's values, loosely typed inside this module; `Settings.get` gives them their schema type. */
export type Sections = Record<string, Record<string, unknown>>;

export interface MaskedSection {
  /** The section with every secret blank. */
  values: Record<string, unknown>;
  /** Per secret field: whether a value is stored. */
  secrets: Record<string, boolean>;
}
export interface MaskedFile {
  values: Sections;
  /** Per secret `section.field`: whether a value is stored. */
  secrets: Record<string, boolean>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const toToml = (values: Sections): string => stringify(values);

/**
 * Parses and validates a file. A field left blank counts as "not set up" (a
 * provider nobody configured), not as an error, so a fresh file is readable;
 * anything else wrong (a bad type, an unknown key, a port out of range) is
 * refused with the file name and the field.
 */
export function parseSettings(file: SettingsFile, text: string): Sections {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new Error(`config/${file}.toml: ${(error as Error).message}`, { cause: error });
  }
  const merged: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [section, defaults] of Object.entries(SETTINGS_DEFAULTS[file] as Sections)) {
    const given = merged[section];
    if (given === undefined || isRecord(given)) merged[section] = { ...defaults, ...given };
  }
  const result = SETTINGS[file].safeParse(merged);
  if (result.success) return result.data as Sections;
  const wrong = result.error.issues.filter((issue) => !isBlankField(issue, merged));
  if (wrong.length > 0) {
    const list = wrong.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ');
    throw new Error(`config/${file}.toml: ${list}`);
  }
  // Only blank strings failed, and those are strings: the shape is the schema's.
  return merged as Sections;
}

function isBlankField(issue: z.core.$ZodIssue, values: Record<string, unknown>): boolean {
  if (issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.path.length !== 2) return false;
  const [section, field] = issue.path as [string, string];
  return isRecord(values[section]) && values[section][field] === '';
}

const isSecret = (file: SettingsFile, section: string, field: string): boolean => {
  const schema = sectionSchema(file, section)?.shape[field];
  return schema !== undefined && fieldMeta(schema as z.ZodType).secret === true;
};

export function maskSection(file: SettingsFile, section: string, stored: Record<string, unknown>): MaskedSection {
  const values: Record<string, unknown> = {};
  const secrets: Record<string, boolean> = {};
  for (const [field, value] of Object.entries(stored)) {
    const secret = isSecret(file, section, field);
    values[field] = secret ? '' : value;
    if (secret) secrets[field] = value !== '';
  }
  return { values, secrets };
}

export function maskFile(file: SettingsFile, stored: Sections): MaskedFile {
  const masked: MaskedFile = { values: {}, secrets: {} };
  for (const [section, fields] of Object.entries(stored)) {
    const { values, secrets } = maskSection(file, section, fields);
    masked.values[section] = values;
    for (const [field, set] of Object.entries(secrets)) masked.secrets[`${section}.${field}`] = set;
  }
  return masked;
}

/** A secret the form leaves blank (it never saw the value) keeps the stored one. */
export function keepStoredSecrets(file: SettingsFile, section: string, input: unknown, stored: Record<string, unknown>): unknown {
  if (!isRecord(input)) return input;
  const merged = { ...input };
  for (const [field, value] of Object.entries(stored)) {
    const blank = merged[field] === undefined || merged[field] === null || merged[field] === '';
    if (blank && isSecret(file, section, field)) merged[field] = value;
  }
  return merged;
}
