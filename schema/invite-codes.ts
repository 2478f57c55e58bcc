/**
 * Invitation codes as SIGN_IN_UP `sign_up.invite` describes them (its
 * `length`, `format` number|letter|mix). Browser-safe; the server generates
 * them (`POST /api/invite/generate`), the console only asks for them.
 */
import type { ConfigValue } from './config-rows';
import { randomString } from './settings-fields';

type InviteFormat = ConfigValue<'SIGN_IN_UP'>['sign_up']['invite']['format'];

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const INVITE_ALPHABETS: Record<InviteFormat, string> = { number: DIGITS, letter: LETTERS, mix: LETTERS + DIGITS };

/** Most codes one call generates. */
export const MAX_INVITE_BATCH = 100;

/** How many codes one call may ask for: a whole number from 1 to MAX_INVITE_BATCH (the server and the console's prompt). */
export function isInviteBatch(count: unknown): count is number {
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= MAX_INVITE_BATCH;
}

export function generateInviteCode(length: number, format: InviteFormat): string {
  return randomString(length, INVITE_ALPHABETS[format]);
}
