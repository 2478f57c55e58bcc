/**
 * Password hashing: argon2id. The cost is the library's recommended default
 * (64 MiB, 3 passes) unless the site sets PAYDESK_ARGON2_MEMORY_KIB and
 * PAYDESK_ARGON2_PASSES (a small machine, or the test suite, which hashes
 * thousands of passwords). A check reads the cost from the stored hash, so
 * changing it never locks anyone out: new and changed passwords take the new cost.
 */
import argon2 from 'argon2';

function costFromEnv(): { memoryCost?: number; timeCost?: number } {
  const read = (name: string, min: number) => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, not "${raw}"`);
    return n;
  };
  const memoryCost = read('PAYDESK_ARGON2_MEMORY_KIB', 1024);
  const timeCost = read('PAYDESK_ARGON2_PASSES', 1);
  // Only what is set: an undefined key would replace the library's default with nothing.
  return { ...(memoryCost && { memoryCost }), ...(timeCost && { timeCost }) };
}

const cost = costFromEnv();

export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id, ...cost });

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
