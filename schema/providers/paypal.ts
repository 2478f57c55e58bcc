/**
 * What PayPal takes, as its connector (server/payments/connectors/paypal.ts)
 * and the screens read it: browser-safe, so it lives here and not beside the
 * server code. PayPal's currency table (developer.paypal.com, "Currency
 * codes"): IDR, KRW, INR and others are not taken; HUF, JPY and TWD take no
 * decimals; a few are taken only by an account of their own country.
 */
import type { z } from 'zod';
import { choice, secret, section, text } from '../settings-fields';
import type { ProviderDeclaration } from './declare';

/** Currencies PayPal takes through Orders v2, with the decimals it accepts in an amount. */
export const PAYPAL_CURRENCIES: Readonly<Record<string, number>> = {
  AUD: 2, BRL: 2, CAD: 2, CNY: 2, CZK: 2, DKK: 2, EUR: 2, HKD: 2, HUF: 0, ILS: 2, JPY: 0, MYR: 2, MXN: 2, TWD: 0,
  NZD: 2, NOK: 2, PHP: 2, PLN: 2, GBP: 2, SGD: 2, SEK: 2, CHF: 2, THB: 2, USD: 2,
};

/** Currencies PayPal takes only for an account registered in this country (pay.toml `[paypal] country`). */
export const PAYPAL_IN_COUNTRY: Readonly<Record<string, string>> = { MYR: 'MY', BRL: 'BR', CNY: 'CN' };

/** The decimals PayPal takes `currency` in for an account of `country`; undefined when it does not take it there. */
export function paypalDecimals(currency: string, country: string): number | undefined {
  const only = PAYPAL_IN_COUNTRY[currency];
  if (only && only !== country.toUpperCase()) return undefined;
  return PAYPAL_CURRENCIES[currency];
}

/** The webhook events the connector reads, to subscribe to in PayPal's developer dashboard. */
export const PAYPAL_EVENTS = [
  'CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED',
] as const;

export const PAYPAL_MODES = ['sandbox', 'live'] as const;

// OAuth2 client credentials of a PayPal REST app, the id of its webhook (what PayPal checks notifications against),
// sandbox or live, and the account's country (some currencies are taken only in-country: MYR for Malaysia).
const SETTINGS = section({
  client_id: text({ max: 128, pattern: /^[A-Za-z0-9_-]+$/ }),
  client_secret: secret(text({ max: 256, pattern: /^[A-Za-z0-9_-]+$/ })),
  webhook_id: text({ max: 64, pattern: /^[A-Za-z0-9-]+$/ }),
  mode: choice(PAYPAL_MODES, 'paypal_mode'),
  country: text({ max: 2, pattern: /^[A-Z]{2}$/ }),
});
const DEFAULTS: z.infer<typeof SETTINGS> = { client_id: '', client_secret: '', webhook_id: '', mode: 'sandbox', country: '' };

export const PAYPAL = {
  section: 'paypal',
  events: PAYPAL_EVENTS,
  dashboard: 'https://developer.paypal.com/dashboard/applications',
  testMode: (values: Record<string, unknown>) => values.mode !== 'live',
  // PayPal's page offers what the payer's account holds: no method is chosen beforehand.
  methods: {},
  settings: SETTINGS,
  defaults: DEFAULTS,
  labels: {
    'zh-cn': {
      channel: 'PayPal', notify: '支付通知（PayPal）', section: 'PayPal 渠道',
      fields: { client_id: '客户端 ID', client_secret: '客户端密钥', webhook_id: 'Webhook ID（PayPal 应用的 Webhook）', mode: '模式', country: '账户所在国家（两个字母，如 MY）' },
      options: { paypal_mode: { sandbox: '沙箱（测试）', live: '正式' } },
      errors: { paypal_currency: 'PayPal 不为此账户（国家：%{country}）收取 %{currency}' },
    },
    'en-us': {
      channel: 'PayPal', notify: 'Payment notification (PayPal)', section: 'PayPal channel',
      fields: { client_id: 'Client ID', client_secret: 'Client secret', webhook_id: 'Webhook ID (from the app\'s webhook in PayPal)', mode: 'Mode', country: 'Account country (two letters, e.g. MY)' },
      options: { paypal_mode: { sandbox: 'Sandbox (test)', live: 'Live' } },
      errors: { paypal_currency: 'PayPal does not take %{currency} for this account (country: %{country})' },
    },
    'ru-ru': {
      channel: 'PayPal', notify: 'Платёжное уведомление (PayPal)', section: 'Канал PayPal',
      fields: { client_id: 'Client ID', client_secret: 'Секрет клиента', webhook_id: 'ID вебхука (из приложения PayPal)', mode: 'Режим', country: 'Страна аккаунта (две буквы, напр. MY)' },
      options: { paypal_mode: { sandbox: 'Песочница (тест)', live: 'Боевой' } },
      errors: { paypal_currency: 'PayPal не принимает %{currency} для этого аккаунта (страна: %{country})' },
    },
    'ja-jp': {
      channel: 'PayPal', notify: '支払い通知（PayPal）', section: 'PayPal チャネル',
      fields: { client_id: 'クライアント ID', client_secret: 'クライアントシークレット', webhook_id: 'Webhook ID（PayPal アプリの Webhook）', mode: 'モード', country: 'アカウントの国（2 文字、例: MY）' },
      options: { paypal_mode: { sandbox: 'サンドボックス（テスト）', live: '本番' } },
      errors: { paypal_currency: 'PayPal はこのアカウント（国: %{country}）では %{currency} を受け付けません' },
    },
    'ko-kr': {
      channel: 'PayPal', notify: '결제 알림 (PayPal)', section: 'PayPal 채널',
      fields: { client_id: '클라이언트 ID', client_secret: '클라이언트 시크릿', webhook_id: 'Webhook ID(PayPal 앱의 Webhook)', mode: '모드', country: '계정 국가(두 글자, 예: MY)' },
      options: { paypal_mode: { sandbox: '샌드박스(테스트)', live: '라이브' } },
      errors: { paypal_currency: 'PayPal은 이 계정(국가: %{country})에서 %{currency}을(를) 받지 않습니다' },
    },
  },
} as const satisfies ProviderDeclaration;
