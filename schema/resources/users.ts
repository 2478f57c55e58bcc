import { defineResource, EMAIL_PATTERN, f } from '../define';
import { GENDERS, USER_SOURCES, USER_STATUSES } from '../options';

/** Accounts of operators and public users. */
export const users = defineResource({
  name: 'users',
  title: 'account',
  menu: 'users',
  icon: 'people',
  fields: {
    id: f.id(),
    nickname: f.text({ max: 24, search: true, filter: true }),
    account: f.text({ required: true,
      min: 4, max: 32, pattern: /^[a-zA-Z0-9]+$/, unique: true, identity: 'lower', search: true, filter: true, sortable: true,
      messages: { length: 'validation.account_length', pattern: 'validation.account_pattern' },
    }),
    phone: f.text({ max: 11, pattern: /^1[3-9]\d{9}$/, identity: 'exact', search: true, filter: true, messages: { pattern: 'validation.phone' } }),
    email: f.text({ max: 128, pattern: EMAIL_PATTERN, identity: 'lower', search: true, filter: true, messages: { pattern: 'validation.email' } }),
    password: f.password({ messages: { length: 'validation.password_length' } }),
    status: f.select({ options: USER_STATUSES, default: 'normal' }),
    gender: f.select({ options: GENDERS, default: 'unknown', list: false }),
    source: f.select({ options: USER_SOURCES, default: 'default', list: false }),
    avatar: f.image({ messages: { pattern: 'validation.avatar' } }),
    describe: f.text({ max: 256, list: false }),
    remark: f.text({ max: 256, list: false }),
    signInIp: f.text({ max: 64, readOnly: true, list: false, filter: true }),
    signUpIp: f.text({ max: 64, readOnly: true, list: false }),
    signInTime: f.time({ readOnly: true, list: false }),
    // Two-factor sign-in: whether it is on (shown), the TOTP key and the recovery codes' hashes (never leave the server).
    mfa: f.flag({ readOnly: true, list: false }),
    mfaSecret: f.text({ max: 64, hidden: true, readOnly: true }),
    mfaRecovery: f.text({ max: 1024, hidden: true, readOnly: true }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  // An operator looks a user up by account or name first.
  filters: ['account', 'nickname', 'status', 'createTime'],
  bulk: ['status', 'gender', 'source', 'remark'],
  extras: {
    flat: { kind: 'select', fields: ['id', 'nickname', 'account', 'avatar'], limit: 1000 },
    briefly: { kind: 'select', fields: ['id', 'nickname', 'phone', 'email', 'uid', 'avatar', 'remark'], limit: 200 },
  },
});
