/**
 * How a log row reads to a person: the client as OS and
 * browser, the envelope code with its label, the request parameters as
 * indented JSON. Pure functions, so the list and the detail dialog agree.
 */
import { UAParser } from 'ua-parser-js';

export interface Client {
  /** e.g. "Windows 10"; '' when the agent does not say. */
  os: string;
  /** e.g. "Chrome 120"; '' when the agent does not say. */
  browser: string;
}

const joined = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');

/** A well-kept parser reads the agent string; hand-written patterns would age with every browser release. */
export function describeAgent(agent: unknown): Client {
  if (typeof agent !== 'string' || !agent) return { os: '', browser: '' };
  const { os, browser } = UAParser(agent);
  return { os: joined(os.name, os.version), browser: joined(browser.name, browser.major) };
}

/** The codes a log row names in words; any other code shows as its number alone. */
export const LABELED_CODES = [200, 201, 204, 400, 401, 403] as const;

export function codeLabelKey(code: unknown): string | undefined {
  const n = Number(code);
  return (LABELED_CODES as readonly number[]).includes(n) ? `admin.screens.logs.codes.${n}` : undefined;
}

/** Parameters are stored as JSON text; anything else is shown as it was stored. */
export function prettyParams(params: unknown): string {
  if (typeof params !== 'string') return params === null || params === undefined ? '' : JSON.stringify(params, null, 2);
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}
