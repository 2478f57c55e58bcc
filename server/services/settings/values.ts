/**
 * Pure steps between a settings file's text and what the API shows: parsing
 * (with defaults for sections or fields a file lacks), masking secrets, and
 * keeping a stored secret that a form sends back blank.
 */
import { parse, stringify } from 'smol-toml';
import type { z } from 'zod';
import { fieldErrors } from '../../../schema/issues';
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
export function parseSettings(file: SettingsFile, text: string, where = `config/${file}.toml`): Sections {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    const { line = 0, column = 0 } = error as { line?: number; column?: number };
    const near = text.split('\n')[line - 1]?.trim() ?? '';
    throw new SettingsFileError(where, { kind: 'syntax', line, column, text: near }, error);
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
    const unknown = wrong.find((issue) => issue.code === 'unrecognized_keys');
    if (unknown) throw new SettingsFileError(where, { kind: 'unknown', key: [...unknown.path, unknown.keys[0]].join('.') });
    const [first] = fieldErrors({ issues: wrong } as z.ZodError, { fallback: '(file)' });
    throw new SettingsFileError(where, { kind: 'value', key: first!.field, message: first!.message, params: first!.params ?? {} });
  }
  // Only blank strings failed, and those are strings: the shape is the schema's.
  return merged as Sections;
}

export type SettingsProblem =
  | { kind: 'syntax'; line: number; column: number; /** The line, trimmed, as the file has it. */ text: string }
  | { kind: 'unknown'; /** The full key, `section.field`. */ key: string }
  | { kind: 'value'; key: string; /** An i18n key (`validation.port`) with its params. */ message: string; params: Record<string, unknown> };

/** A settings file Paydesk cannot use: where, and what, in parts a start-up message puts into words (server/start-failure.ts). */
export class SettingsFileError extends Error {
  constructor(readonly path: string, readonly problem: SettingsProblem, cause?: unknown) {
    const what = problem.kind === 'syntax' ? `not valid TOML at line ${problem.line}, column ${problem.column}`
      : problem.kind === 'unknown' ? `${problem.key}: validation.unknown_field` : `${problem.key}: ${problem.message}`;
    super(`${path}: ${what}`, { cause });
  }
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
