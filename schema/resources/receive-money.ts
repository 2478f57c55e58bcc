import { defineResource, f } from '../define';
import { decimalsOf, minorDigits } from '../money';
import {
  CURRENCIES, EXCEPTION_COLORS, ORDER_EXCEPTIONS, ORDER_LIFETIME_SECONDS, ORDER_STATUS_COLORS, ORDER_STATUSES, PAY_PROVIDERS, PAY_TYPES, payTypesFor,
} from '../options';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The statuses an imported order may have: a refund or an exception has rows of its own an import cannot bring. */
const IMPORTED_STATUSES = ['pending', 'completed', 'failed', 'expired'] as const;

/**
 * Payment orders. The creator gives title,
 * amount, currency and the external payUrl; the server generates the payer's
 * unguessable `tradeNo`. Payers read an order by tradeNo without signing in.
 */
export const receiveMoney = defineResource({
  name: 'receive-money',
  menu: 'flow',
  icon: 'payments',
  dialogWidth: '60%',
  title: 'title',
  // A row opens the order's page: what it is and where it stands first, then its story (issue 31).
  show: {
    summary: ['status', 'amount', 'paidAmount', 'refundedAmount', 'channel', 'payType', 'createTime', 'paidTime', 'expireTime', 'tradeNo', 'outTradeNo'],
    actions: ['operator', 'money', 'edit'],
    panels: [
      { resource: 'order-events', target: 'orderId' }, { resource: 'order-exceptions', target: 'orderId' },
      { resource: 'callbacks', target: 'orderId' }, { resource: 'refunds', target: 'orderId' },
    ],
  },
  compact: { primary: 'title', secondary: ['amount', 'createTime'], tertiary: 'status' },
  filters: ['status', 'channel', 'createTime', 'amount'],
  fields: {
    // Operators know an order by its order number: the id column is one click away in the table settings.
    id: f.id({ list: false }),
    tradeNo: f.text({ max: 64, pattern: /^[A-Za-z0-9_-]+$/, auto: 'token', unique: true, identity: 'exact', search: true, filter: true, entry: 'system' }),
    outTradeNo: f.text({ max: 64, identity: 'exact', search: true, filter: true, list: false, uniquePerOwner: true, entry: 'create' }),
    mchId: f.text({ max: 64, filter: true, list: false, entry: 'edit' }),
    productId: f.text({ max: 64, filter: true, list: false, entry: 'edit' }),
    title: f.text({ required: true, max: 24, search: true, filter: true, messages: { required: 'validation.title_required' } }),
    describe: f.text({ max: 256, list: false }),
    amount: f.number({ decimals: 2, min: 1, money: 'currency', sortable: true, filter: true, required: true }),
    // The amount cell already reads "HK$15,000.00": the currency column is in the table settings, not the defaults.
    currency: f.select({ options: CURRENCIES, default: 'CNY', required: true, listValue: true, list: false }),
    // The provider that takes the payment (a connector in server/payments/connectors/); payType is the method within it.
    channel: f.select({ options: PAY_PROVIDERS, optionSet: 'channel', default: 'manual', filter: true, list: false }),
    payType: f.select({ options: ['', ...PAY_TYPES], default: '', list: false }),
    status: f.select({ options: ORDER_STATUSES, default: 'pending', readOnly: true, colors: ORDER_STATUS_COLORS }),
    // Money that arrived where it did not fit (paid late, under, over, another currency) is one order-exceptions row per payment.
    // These four columns are only a summary of the order's OPEN rows, for the list's badge and filter: the newest one's kind,
    // amount and currency, and how many are open. One writer keeps them (server/payments/exceptions.ts `summarize`), from the rows.
    openExceptions: f.number({ readOnly: true, list: false, filter: false, sortable: false }),
    exception: f.select({ options: ['', ...ORDER_EXCEPTIONS], default: '', readOnly: true, filter: true, list: false, colors: EXCEPTION_COLORS }),
    exceptionAmount: f.number({ decimals: 2, readOnly: true, list: false, money: 'exceptionCurrency' }),
    exceptionCurrency: f.text({ max: 16, readOnly: true, list: false }),
    refundedAmount: f.number({ decimals: 2, readOnly: true, list: false, money: 'currency' }),
    // Set only by a transition (server/payments): a verified notification or an operator's mark-paid.
    paidAmount: f.number({ decimals: 2, readOnly: true, list: false, money: 'currency' }),
    // In the table settings, not the default columns: the list must fit 1280 px (issue 11 item 5).
    paidTime: f.time({ readOnly: true, list: false }),
    channelTradeNo: f.text({ max: 128, readOnly: true, search: true, filter: true, list: false }),
    expireTime: f.time({ list: false }),
    notifyUrl: f.text({ max: 1024, long: false, list: false, pattern: /^https?:\/\/\S+$/, messages: { pattern: 'validation.url' } }),
    payUrl: f.text({ max: 1024, long: false, list: false, pattern: /^https?:\/\/\S+$/, messages: { pattern: 'validation.url' } }),
    // Where the payer goes back to once done: the merchant's shop ("Back to the shop" on the result page).
    returnUrl: f.text({ max: 1024, long: false, list: false, pattern: /^https?:\/\/\S+$/, messages: { pattern: 'validation.url' } }),
    // The provider's checkout for this order (a Stripe Checkout Session): made on the payer's first click, reused while open.
    checkoutId: f.text({ max: 128, readOnly: true, list: false, filter: true }),
    checkoutUrl: f.text({ max: 1024, long: false, readOnly: true, list: false }),
    checkoutExpires: f.time({ readOnly: true, list: false }),
    // When the provider was last asked about this order (the look-up job and the result page), so it is asked at most so often.
    lookedUpTime: f.time({ readOnly: true, list: false, filter: false, sortable: false }),
    files: f.files(),
    remark: f.text({ max: 256, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  // The payment method must be one of the currency's channels (none for a currency without any),
  // and the amount may not be finer than the currency's minor unit (no yen cents).
  // An order lives at most the emit window from its creation; its creator may end it sooner, not in the past.
  refine: (row) => {
    const channels = row.currency ? payTypesFor(row.channel ?? 'manual', row.currency) : [];
    const digits = row.currency ? minorDigits(row.currency) : 2;
    const born = row.createTime || nowSeconds();
    return [
      ...(row.payType && !channels.includes(row.payType) ? [{ field: 'payType', message: 'validation.choice' }] : []),
      ...(typeof row.amount === 'number' && decimalsOf(row.amount) > digits
        ? [{ field: 'amount', message: 'validation.currency_decimals', params: { currency: row.currency, digits } }]
        : []),
      ...(row.expireTime && row.expireTime > born + ORDER_LIFETIME_SECONDS ? [{ field: 'expireTime', message: 'validation.expire_window' }]
        : row.expireTime && !row.createTime && row.expireTime <= born ? [{ field: 'expireTime', message: 'validation.expire_past' }]
          : []),
    ];
  },
  // What was charged is never rewritten: once the order left pending or a provider holds a checkout for it,
  // its price and how it is paid stay; the payer's link stays once it is no longer payable.
  frozen: (row) => [
    ...(row.status !== 'pending' || row.checkoutId ? (['amount', 'currency', 'channel', 'payType'] as const) : []),
    ...(row.status !== 'pending' ? (['payUrl'] as const) : []),
  ],
  // An import brings orders of another system as what they were: a past payment comes in as its record (completed,
  // with what was paid and when), never as a pending order that could be paid a second time.
  history: {
    fields: ['status', 'paidAmount', 'paidTime', 'channelTradeNo', 'createTime'],
    refine: (row) => {
      const status = row.status ?? 'pending';
      const paid = Number(row.paidAmount) > 0 || Boolean(row.paidTime);
      if (!(IMPORTED_STATUSES as readonly string[]).includes(status)) return [{ field: 'status', message: 'validation.import_status' }];
      if (status === 'completed' ? !(Number(row.paidAmount) > 0 && row.paidTime) : paid) return [{ field: 'paidAmount', message: 'validation.import_paid' }];
      return [];
    },
  },
  // What an operator may set on many orders at once ("Edit selected"); the frozen ones refuse it row by row.
  bulk: ['remark', 'describe', 'channel', 'payType', 'expireTime'],
  // An order that ever received money keeps its story: it may be archived (still counted), never deleted.
  permanent: (row) => row.status === 'completed' || row.status === 'refunded' || Boolean(row.exception)
    || Number(row.paidAmount) > 0 || Number(row.exceptionAmount) > 0 || Number(row.refundedAmount) > 0,
  // A merchant's own reference is unique among his orders (the engine checks it in the creating transaction).
  // The operator's usual list, orders of one status newest first, is read off this index and stops at the page's last row;
  // its total counts the index alone (a filter on the amount included) instead of reading every order.
  indexes: [['uid', 'outTradeNo'], ['status', 'deleteTime', 'createTime', 'amount']],
  derive: (row) => (row.expireTime ? {} : { expireTime: (row.createTime || nowSeconds()) + ORDER_LIFETIME_SECONDS }),
  publicTake: {
    by: 'tradeNo',
    fields: ['tradeNo', 'title', 'describe', 'amount', 'currency', 'status', 'payUrl', 'returnUrl', 'createTime', 'paidAmount', 'paidTime', 'expireTime'],
  },
});
