/** Password hashing: argon2id with the library's recommended defaults. */
import argon2 from 'argon2';

export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });

/** False for a blank stored hash (an account without a password) or any mismatch. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  if (!hash || !plain) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check when the account does not exist, so timing does not reveal accounts. */
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(plain: string): Promise<false> {
  dummy ??= hashPassword('paydesk-timing-equaliser');
  await verifyPassword(await dummy, plain || 'x');
  return false;
}
