/**
 * The routes that mint, roll, reveal or end a credential, in one list the
 * guard reads (issue 32): a session that still owes its second factor (its
 * group began to require 2FA after it started) reaches none of them, whatever
 * the rule's type, `common` and `login` included. Its holder signs in again,
 * which asks for the enrolment first. An API key is no session: whatever it
 * may do here its own route decides (most refuse keys outright).
 *
 * A route renamed or added without a line here fails
 * tests/api/security-credentials.test.ts, which walks this list.
 */
import { ruleName } from './key-rules';

export const CREDENTIAL_ROUTES: ReadonlySet<string> = new Set([
  // API keys: made, limited, revoked, deleted.
  'POST api/api-keys/create',
  'PUT api/api-keys/rules',
  'PUT api/api-keys/revoke',
  'DELETE api/api-keys/delete',
  'DELETE api/rest/api-keys/:id',
  // The merchant's callback secret: made or rolled (the answer reveals it), and the old one ended.
  'POST api/callbacks/secret',
  'POST api/callbacks/secret/end-overlap',
  // The second factor: a key offered (revealed), bound with its recovery codes, or reset.
  'POST api/comm/mfa-setup',
  'POST api/comm/mfa-enable',
  'POST api/users/mfa-reset',
  // Passwords set by an operator, and the settings files that hold the site's secrets.
  'POST api/users/create',
  'PUT api/users/update',
  'POST api/rest/users',
  'PUT api/rest/users/:id',
  'PUT api/toml/:file-:section',
]);

export const isCredentialRoute = (rule: { method: string; route: string }) => CREDENTIAL_ROUTES.has(ruleName(rule));
