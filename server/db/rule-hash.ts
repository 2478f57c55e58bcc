import { createHash } from 'node:crypto';

/** The key of a rule row in `auth_rules`: the rule sync and the migrations that write rules must agree on it. */
export const ruleHash = (method: string, route: string) => createHash('sha256').update(`${method} ${route}`).digest('hex');
