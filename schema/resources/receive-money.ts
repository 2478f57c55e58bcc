import { defineResource, f } from '../define';
import { CURRENCIES, ORDER_STATUSES, PAY_CHANNELS, PAY_TYPES } from '../options';

/**
 * Payment orders (SPEC §3 "Receive-money order"). The creator gives title,
 * amount, currency and the external payUrl; the server generates the payer's
 * unguessable `tradeNo`. Payers read an order by tradeNo without signing in.
 */
export const receiveMoney = defineResource({
  name: 'receive-money',
  menu: 'flow',
  icon: 'payments',
  dialogWidth: '60%',
  fields: {
    id: f.id(),
    tradeNo: f.text({ max: 64, pattern: /^[A-Za-z0-9_-]+$/, auto: 'token', unique: true, search: true, filter: true }),
    outTradeNo: f.text({ max: 64, search: true, filter: true }),
    mchId: f.text({ max: 64, filter: true, list: false }),
    productId: f.text({ max: 64, filter: true, list: false }),
    title: f.text({ required: true, max: 24, search: true, filter: true, messages: { required: 'validation.title_required' } }),
    describe: f.text({ max: 256, list: false }),
    amount: f.number({ decimals: 2, min: 1, sortable: true, filter: true }),
    currency: f.select({ options: CURRENCIES, default: 'CNY', required: true }),
    payType: f.select({ options: ['', ...PAY_TYPES], default: '' }),
    status: f.select({ options: ORDER_STATUSES, default: 'pending', readOnly: true }),
    payUrl: f.text({ max: 1024, long: false, list: false, pattern: /^https?:\/\/\S+$/, messages: { pattern: 'validation.url' } }),
    files: f.files(),
    remark: f.text({ max: 256, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  // The payment method must be one of the currency's channels (none for a currency without any).
  refine: (row) => {
    const channels: readonly string[] = (row.currency && PAY_CHANNELS[row.currency]) || [];
    return row.payType && !channels.includes(row.payType) ? [{ field: 'payType', message: 'validation.choice' }] : [];
  },
  publicTake: {
    by: 'tradeNo',
    fields: ['tradeNo', 'title', 'describe', 'amount', 'currency', 'status', 'payUrl', 'createTime'],
  },
});
