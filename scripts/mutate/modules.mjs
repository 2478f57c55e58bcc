/**
 * The modules mutated by `npm run mutate` with no files, in the groups a run is made of
 * (`npm run mutate auth` runs one group): permission checks, the money paths, the generic
 * store and writes, and request signing.
 */
export const GROUPS = {
  auth: ['server/auth/{ceiling,guard,tokens,api-keys,password-throttle,codes}.ts'],
  payments: ['server/payments/{transitions,notify,outbox,expiry,refunds,exceptions}.ts'],
  connectors: ['server/payments/connectors/{stripe,stripe-money,manual,verify,connector}.ts'],
  engine: ['server/engine/{store,writes}.ts'],
  signing: ['server/services/signing.ts'],
};

export const MUTATED_BY_DEFAULT = Object.values(GROUPS).flat();
