/**
 * The modules `npm run mutate` mutates, in groups a run can be made of
 * (`npm run mutate ceiling outbox`): permission checks, the money paths, the
 * generic store and writes, and request signing. With no argument it mutates
 * them all against the whole API suite; a named group runs against the API
 * files that exercise it (a mutant there runs only the tests that reach it,
 * but one that survives runs all of them, and the whole suite takes minutes).
 */
const api = (...names) => names.map((name) => `tests/api/${name}.test.ts`);

export const GROUPS = {
  ceiling: {
    mutate: ['server/auth/ceiling.ts'],
    tests: [...api('security-ceiling', 'security-identity', 'security-hardening', 'permissions', 'groups', 'keep-admin', 'mfa-groups', 'config', 'api-key-rules')],
  },
  auth: {
    mutate: ['server/auth/{guard,tokens,api-keys,password-throttle,codes}.ts'],
    tests: [...api('security-sessions', 'security-identity', 'security-enumeration', 'security-hardening', 'permissions', 'tokens', 'payments-api-keys',
      'comm-codes', 'comm-reset', 'comm-sign-code', 'comm-sign-up', 'mfa-sign-in', 'mfa-groups', 'sign-in-up-settings', 'api-key-rules', 'revisions', 'views', 'password-throttle'), 'tests/unit/tokens.test.ts'],
  },
  // Issue 32: the second factor, the credential routes a held-back session may not reach, the scope of login rules and the limits.
  mfa: {
    mutate: ['server/auth/{mfa,credentials}.ts'],
    tests: [...api('mfa-sign-in', 'mfa-groups', 'security-credentials')],
  },
  credentials: {
    mutate: ['server/payments/{api-key-routes,callback-secret-routes}.ts'],
    tests: [...api('payments-api-keys', 'payments-callback-secrets', 'api-key-rules', 'security-credentials')],
  },
  'login-scope': {
    // The guard's scope: which groups grant a rule, and which of them lift the owner scope (guard.ts: grantingOf, managesAll, and where check applies them and the credential list).
    // revisions: what the history shows of a login rule's rows; api-key-rules and mfa-groups: the other refusals check makes in that range.
    mutate: ['server/auth/guard.ts:27-37', 'server/auth/guard.ts:111-133'],
    tests: [...api('security-credentials', 'permissions', 'payments-api-keys', 'engine-history', 'scope-bin', 'revisions', 'api-key-rules', 'mfa-groups')],
  },
  'rate-limit': {
    mutate: ['server/services/{rate-limit,rate-blocks}.ts'],
    tests: [...api('ratelimit')],
  },
  outbox: {
    mutate: ['server/payments/outbox.ts'],
    tests: [...api('payments-outbox', 'payments-callback-test', 'payments-callback-secrets')],
  },
  payments: {
    mutate: ['server/payments/{transitions,notify,expiry,refunds,exceptions}.ts', 'server/db/races.ts'],
    tests: ['tests/api/payments-*.test.ts', ...api('orders', 'dashboard', 'dashboard-totals')],
  },
  connectors: {
    mutate: ['server/payments/connectors/*.ts'],
    tests: [...api('payments-stripe-checkout', 'payments-stripe-sync', 'payments-stripe-refunds', 'payments-notify', 'payments-refunds', 'payments-transitions'),
      'tests/unit/stripe-money.test.ts'],
  },
  engine: {
    mutate: ['server/engine/{store,writes}.ts'],
    tests: ['tests/api/engine-*.test.ts', 'tests/api/rest-*.test.ts', ...api('write-owner', 'scope-bin', 'permissions', 'security-sort', 'empty-values', 'property', 'security-ceiling', 'revisions'), 'tests/unit/count-tags.test.ts'],
  },
  signing: {
    mutate: ['server/services/signing.ts'],
    tests: [...api('signing', 'rest-signing', 'rest-client')],
  },
};

export const MUTATED_BY_DEFAULT = Object.values(GROUPS).flatMap((group) => group.mutate);
