/**
 * The registry: every table of Paydesk. Adding a table is one file in
 * `resources/` and one line here; routes, rules, migrations, API docs and the
 * admin screens follow from it.
 */
import type { Resource } from './define';
import { apiKeys } from './resources/api-keys';
import { article } from './resources/article';
import { authGroup } from './resources/auth-group';
import { authRules } from './resources/auth-rules';
import { banner } from './resources/banner';
import { callbackSecrets } from './resources/callback-secrets';
import { callbacks } from './resources/callbacks';
import { comment } from './resources/comment';
import { config } from './resources/config';
import { idempotencyKeys } from './resources/idempotency-keys';
import { invite } from './resources/invite';
import { level } from './resources/level';
import { links } from './resources/links';
import { logs } from './resources/logs';
import { orderEvents } from './resources/order-events';
import { orderExceptions } from './resources/order-exceptions';
import { pages } from './resources/pages';
import { payNotifications } from './resources/pay-notifications';
import { placard } from './resources/placard';
import { receiveMoney } from './resources/receive-money';
import { refunds } from './resources/refunds';
import { revisions } from './resources/revisions';
import { tags } from './resources/tags';
import { users } from './resources/users';
import { views } from './resources/views';

export const resources = {
  users, 'receive-money': receiveMoney, 'auth-group': authGroup, 'auth-rules': authRules, logs, config,
  article, tags, comment, banner, links, pages, placard, level, invite,
  'order-events': orderEvents, 'order-exceptions': orderExceptions, 'pay-notifications': payNotifications, callbacks, 'api-keys': apiKeys,
  refunds, 'idempotency-keys': idempotencyKeys, 'callback-secrets': callbackSecrets,
  revisions,
  views,
} as const;

export type Resources = typeof resources;
export type ResourceName = keyof Resources;
export const resourceList: Resource[] = Object.values(resources) as unknown as Resource[];
export { users, receiveMoney, authGroup, authRules, logs, config, orderEvents, orderExceptions, payNotifications, callbacks, apiKeys, refunds, idempotencyKeys, callbackSecrets, revisions, views };
