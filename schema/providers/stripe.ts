/** What Stripe takes and sends, as its connector (server/payments/connectors/stripe.ts) and the screens read it. */
import type { z } from 'zod';
import { secret, section, text, webhookSecrets } from '../settings-fields';
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

// The API key that creates Checkout Sessions and refunds (a test key puts the console in test mode), and the webhook signing secrets.
const SETTINGS = section({
  secret_key: secret(text({ max: 255, pattern: /^(?:sk|rk)_(?:test|live)_[A-Za-z0-9]+$/, message: 'validation.stripe_key' })),
  secrets: secret(webhookSecrets()),
});
const DEFAULTS: z.infer<typeof SETTINGS> = { secret_key: '', secrets: '' };

export const STRIPE = {
  section: 'stripe',
  // What server/payments/connectors/stripe.ts turns into a payment or a refund (tests/api/payments-stripe-sync.test.ts holds it to that).
  events: ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'charge.refunded', 'refund.updated'],
  dashboard: 'https://dashboard.stripe.com/webhooks',
  // A restricted key (rk_) has a mode too; nothing else follows its prefix, so `_test_` can only be the mode.
  testMode: (values: Record<string, unknown>) => /^(?:sk|rk)_test_/.test(String(values.secret_key ?? '')),
  methods: STRIPE_METHODS,
  settings: SETTINGS,
  defaults: DEFAULTS,
  labels: {
    'zh-cn': {
      channel: 'Stripe', notify: '支付通知（Stripe）', section: 'Stripe 渠道',
      fields: { secret_key: 'Stripe 密钥（sk_test_… 或 sk_live_…）', secrets: '验证密钥（多个用空格分隔，便于轮换）' },
      validation: { stripe_key: '请填写以 sk_test_ 或 sk_live_ 开头的 Stripe 密钥' },
      errors: { stripe_whole_units: 'Stripe 只能收取整数金额的 %{currency}' },
    },
    'en-us': {
      channel: 'Stripe', notify: 'Payment notification (Stripe)', section: 'Stripe channel',
      fields: { secret_key: 'Secret key (sk_test_… or sk_live_…)', secrets: 'Verification secrets (several separated by spaces, for rotation)' },
      validation: { stripe_key: 'Enter a Stripe secret key starting with sk_test_ or sk_live_' },
      errors: { stripe_whole_units: 'Stripe charges %{currency} in whole units only' },
    },
    'ru-ru': {
      channel: 'Stripe', notify: 'Платёжное уведомление (Stripe)', section: 'Канал Stripe',
      fields: { secret_key: 'Секретный ключ (sk_test_… или sk_live_…)', secrets: 'Секреты проверки (несколько через пробел, для ротации)' },
      validation: { stripe_key: 'Укажите секретный ключ Stripe, начинающийся с sk_test_ или sk_live_' },
      errors: { stripe_whole_units: 'Stripe принимает %{currency} только целыми единицами' },
    },
    'ja-jp': {
      channel: 'Stripe', notify: '支払い通知（Stripe）', section: 'Stripe チャネル',
      fields: { secret_key: 'シークレットキー（sk_test_… または sk_live_…）', secrets: '検証シークレット（ローテーション用に空白区切りで複数可）' },
      validation: { stripe_key: 'sk_test_ または sk_live_ で始まる Stripe のシークレットキーを入力してください' },
      errors: { stripe_whole_units: 'Stripe は %{currency} を整数額でのみ請求できます' },
    },
    'ko-kr': {
      channel: 'Stripe', notify: '결제 알림 (Stripe)', section: 'Stripe 채널',
      fields: { secret_key: '시크릿 키(sk_test_… 또는 sk_live_…)', secrets: '검증 비밀 키 (교체를 위해 공백으로 여러 개 구분)' },
      validation: { stripe_key: 'sk_test_ 또는 sk_live_로 시작하는 Stripe 시크릿 키를 입력하세요' },
      errors: { stripe_whole_units: 'Stripe는 %{currency}를 정수 금액으로만 청구할 수 있습니다' },
    },
  },
} as const satisfies ProviderDeclaration;
