/**
 * The payment providers Paydesk takes orders through, by the name an order's
 * `channel` holds, in the order the console lists them: one line each.
 */
import { MANUAL } from './manual';
import { PAYPAL } from './paypal';
import { STRIPE } from './stripe';

export type { MethodTable, ProviderDeclaration } from './declare';

export const PAY_PROVIDER_DECLARATIONS = { manual: MANUAL, stripe: STRIPE, paypal: PAYPAL } as const;
