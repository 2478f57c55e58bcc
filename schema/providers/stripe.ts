/** What Stripe takes and sends, as its connector (server/payments/connectors/stripe.ts) and the screens read it. */
import type { MethodTable, ProviderDeclaration } from './declare';

/**
 * Stripe Checkout's `payment_method_types` for each payType, and the
 * currencies Stripe takes it in (Stripe's payment-method tables: Alipay not
 * in TWD, THB or IDR; WeChat Pay not in those nor MYR; PayNow SGD only; FPX
 * MYR only; PromptPay THB only; GrabPay SGD and MYR). Methods no Stripe
 * account takes (QRIS, bank-transfer VA, Taiwan ATM) are `manual` only.
 */
export const STRIPE_METHODS: MethodTable = {
  card: { type: 'card', currencies: 'any' },
  alipay: { type: 'alipay', currencies: ['AUD', 'CAD', 'CNY', 'EUR', 'GBP', 'HKD', 'JPY', 'MYR', 'NZD', 'SGD', 'USD'] },
  wechat: { type: 'wechat_pay', currencies: ['AUD', 'CAD', 'CHF', 'CNY', 'DKK', 'EUR', 'GBP', 'HKD', 'JPY', 'NOK', 'SGD', 'USD'] },
  paynow: { type: 'paynow', currencies: ['SGD'] },
  fpx: { type: 'fpx', currencies: ['MYR'] },
  promptpay: { type: 'promptpay', currencies: ['THB'] },
  grabpay: { type: 'grabpay', currencies: ['SGD', 'MYR'] },
};

export const STRIPE = {
  section: 'stripe',
  // What server/payments/connectors/stripe.ts turns into a payment or a refund (tests/api/payments-stripe-sync.test.ts holds it to that).
  events: ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'charge.refunded', 'refund.updated'],
  dashboard: 'https://dashboard.stripe.com/webhooks',
  // A restricted key (rk_) has a mode too; nothing else follows its prefix, so `_test_` can only be the mode.
  testMode: (values: Record<string, unknown>) => /^(?:sk|rk)_test_/.test(String(values.secret_key ?? '')),
  methods: STRIPE_METHODS,
} as const satisfies ProviderDeclaration;
