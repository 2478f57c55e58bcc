/** Shared labels, en-us. Keys mirror zh-cn.ts (enforced by `CommonCatalog`). */
import type { CommonCatalog } from './zh-cn';

const system = { id: 'ID', owner: 'Owner', createTime: 'Created', updateTime: 'Updated', deleteTime: 'Deleted', serial: 'Order', lock: 'Locked' };
const row = { id: system.id, uid: system.owner, createTime: system.createTime, updateTime: system.updateTime };
const trashed = { ...row, deleteTime: system.deleteTime };

const enUs: CommonCatalog = {
  resources: {
    users: {
      name: 'Users',
      fields: {
        ...trashed, nickname: 'Nickname', account: 'Account', phone: 'Phone number', email: 'Email', password: 'Password',
        status: 'Status', gender: 'Gender', source: 'Source', avatar: 'Avatar', describe: 'Bio', remark: 'Remark',
        signInIp: 'Sign-in IP', signUpIp: 'Sign-up IP', signInTime: 'Last sign-in', mfa: 'Two-factor sign-in', mfaSecret: 'Two-factor key', mfaRecovery: 'Recovery codes',
      },
    },
    'receive-money': {
      name: 'Payment records',
      fields: {
        channel: 'Provider', openExceptions: 'Open exceptions', exception: 'Exception', exceptionAmount: 'Exception amount', exceptionCurrency: 'Exception currency', refundedAmount: 'Refunded', checkoutId: 'Checkout session', checkoutUrl: 'Checkout link', checkoutExpires: 'Checkout expires', lookedUpTime: 'Last looked up', paidAmount: 'Amount paid', paidTime: 'Paid at', channelTradeNo: 'Gateway transaction', expireTime: 'Expires at', notifyUrl: 'Callback URL',
        ...trashed, tradeNo: 'Order number', outTradeNo: 'Merchant order number', mchId: 'Merchant ID',
        productId: 'Product ID', title: 'Product title', describe: 'Description', amount: 'Amount',
        currency: 'Currency', payType: 'Payment method', status: 'Payment status', payUrl: 'Payment link', returnUrl: 'Return link (back to the shop)',
        files: 'Attachments', remark: 'Remark',
      },
    },
    'auth-group': {
      name: 'Permission groups',
      fields: {
        ...trashed, name: 'Group name', no: 'Group number', manage: "Manages others' data", all: 'All permissions', mfa: 'Requires two-factor sign-in',
        rules: 'API rules', uids: 'Members', remark: 'Remark', lock: 'Locked', serial: 'Order',
      },
    },
    'auth-rules': {
      name: 'API rules',
      fields: {
        ...row, hash: 'Hash', group: 'Group', name: 'Name', method: 'Method', route: 'Route',
        type: 'Type', remark: 'Remark', lock: 'Locked',
      },
    },
    logs: {
      name: 'Operation logs',
      fields: {
        ...trashed, title: 'Title', scene: 'Scene', method: 'Method', api: 'API', code: 'Status code',
        content: 'Content', bindId: 'Related ID', bindType: 'Related type', ip: 'IP address', agent: 'Client',
        params: 'Request parameters',
      },
    },
    config: { name: 'System settings', fields: { ...row, key: 'Key', value: 'Value', remark: 'Remark' } },
    article: {
      name: 'Articles',
      fields: {
        ...trashed, title: 'Title', abstract: 'Summary', content: 'Body', covers: 'Cover', tags: 'Tags',
        views: 'Views', top: 'Pinned', audit: 'Approved',
      },
    },
    tags: { name: 'Tags', fields: { ...trashed, name: 'Name', avatar: 'Icon', describe: 'Description' } },
    comment: {
      name: 'Comments',
      fields: {
        ...trashed, pid: 'Parent comment', bindType: 'Commented on', bindId: 'Commented item ID', content: 'Content',
        nickname: 'Nickname', email: 'Email', url: 'Website', ip: 'IP address', agent: 'Client', audit: 'Approved',
      },
    },
    banner: {
      name: 'Banners',
      fields: { ...trashed, title: 'Title', image: 'Image', url: 'Link', describe: 'Description', serial: 'Order' },
    },
    links: {
      name: 'Friend links',
      fields: { ...trashed, nickname: 'Site name', url: 'Website', avatar: 'Icon', describe: 'Description', serial: 'Order' },
    },
    pages: {
      name: 'Pages',
      fields: { ...trashed, key: 'Page key', title: 'Title', content: 'Body', audit: 'Approved' },
    },
    placard: {
      name: 'Notices',
      fields: {
        ...trashed, title: 'Title', type: 'Type', content: 'Content', top: 'Pinned',
        startTime: 'Starts', endTime: 'Ends',
      },
    },
    level: { name: 'Levels', fields: { ...trashed, name: 'Name', value: 'Experience required', describe: 'Description' } },
    'order-events': {
      name: 'Order events',
      fields: {
        ...row, orderId: 'Order ID', tradeNo: 'Order number', fromStatus: 'From', toStatus: 'To', source: 'Source',
        actor: 'By', reference: 'Gateway transaction', amount: 'Amount', currency: 'Currency', reason: 'Reason', exception: 'Exception', refundId: 'Refund ID', digest: 'Notification digest',
      },
    },
    'pay-notifications': {
      name: 'Payment notifications',
      fields: {
        ...row, dedupeKey: 'Dedupe key', channel: 'Channel', notificationId: 'Notification ID', orderId: 'Order ID', tradeNo: 'Order number',
        outcome: 'Outcome', reason: 'Reason', amount: 'Amount', currency: 'Currency', digest: 'Notification digest',
      },
    },
    callbacks: {
      name: 'Merchant callbacks',
      fields: {
        ...row, orderId: 'Order ID', eventId: 'Event ID', tradeNo: 'Order number', messageId: 'Message ID', url: 'Callback URL',
        payload: 'Payload', state: 'Delivery', tries: 'Attempts made', attempts: 'Attempts', lastCode: 'Last status',
        nextTime: 'Next attempt', leaseUntil: 'Lease until', leaseOwner: 'Lease holder', deliveredTime: 'Delivered at',
      },
    },
    'order-exceptions': {
      name: 'Order exceptions',
      fields: {
        ...row, orderId: 'Order ID', tradeNo: 'Order number', kind: 'Exception', amount: 'Amount received', currency: 'Currency', reference: 'Gateway transaction', state: 'State', reason: 'Reason', resolvedBy: 'Resolved by', resolvedTime: 'Resolved at', refundId: 'Refund ID',
      },
    },
    refunds: {
      name: 'Refunds',
      fields: {
        ...row, orderId: 'Order ID', tradeNo: 'Order number', channel: 'Provider', amount: 'Refund amount', currency: 'Currency', state: 'State',
        reason: 'Reason', exception: 'For exception', reference: 'Provider refund', idempotencyKey: 'Idempotency key', failure: 'Failure', actor: 'By',
      },
    },
    'idempotency-keys': {
      name: 'Idempotency keys',
      fields: { ...row, dedupeKey: 'Key', digest: 'Request digest', status: 'Status code', response: 'Response', expireTime: 'Expires at' },
    },
    'callback-secrets': {
      name: 'Callback signing secrets',
      fields: { ...row, merchant: 'Merchant', prefix: 'Secret prefix', secret: 'Secret', previous: 'Previous secret', previousUntil: 'Previous secret ends' },
    },
    views: { name: 'Saved views', fields: { ...row, name: 'Name', resource: 'List', state: 'View', group: 'Shared with group' } },
    'api-keys': {
      name: 'API keys',
      fields: {
        ...row, name: 'Name', prefix: 'Key prefix', hash: 'Key digest', expireTime: 'Expires at', lastUsedTime: 'Last used',
        revokedTime: 'Revoked at', rules: 'Rules',
      },
    },
    invite: {
      name: 'Invitation codes',
      fields: {
        ...trashed, code: 'Invitation code', usedBy: 'Used by', usedTime: 'Used at', expireTime: 'Expires', remark: 'Remark',
      },
    },
  },
  options: {
    status: { normal: 'Active', banned: 'Banned', pending: 'Awaiting payment', completed: 'Paid', failed: 'Payment failed', expired: 'Expired', refunded: 'Refunded', closed: 'Closed', partially_refunded: 'Partially refunded' },
    refundState: { pending: 'Processing', succeeded: 'Refunded', failed: 'Refund failed' },
    exception: { _empty: 'None', paid_late: 'Paid late', underpaid: 'Underpaid', overpaid: 'Overpaid', wrong_currency: 'Wrong currency' },
    exceptionState: { open: 'Open', accepted: 'Accepted', refunded: 'Refunded' },
    eventSource: { notify: 'Payment notification', expiry: 'Expiry', operator: 'Operator', lookup: 'Provider look-up', refund: 'Refund' },
    revisionAction: { create: 'Created', update: 'Updated', remove: 'Moved to the recycle bin', restore: 'Restored from the recycle bin', delete: 'Deleted', payment: 'Payment processing', settings: 'Settings saved' },
    outcome: { applied: 'Applied', flagged: 'Kept as an exception', finished: 'Order already finished', rejected: 'Rejected' },
    state: { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed', gone: 'Refused by merchant' },
    gender: { unknown: 'Not specified', boy: 'Male', girl: 'Female' },
    source: { default: 'Default', install: 'Installation', qq: 'QQ', phone: 'Phone', email: 'Email' },
    ruleType: { default: 'Granted by group', common: 'Public', login: 'Signed-in users' },
    method: { GET: 'GET read', POST: 'POST create', PUT: 'PUT update', PATCH: 'PATCH partial update', DELETE: 'DELETE delete' },
    scene: {
      import: 'Import', 'update-many': 'Bulk edit', _empty: 'Other', 'sign-in': 'Sign in', 'sign-up': 'Sign up', 'check-token': 'Token check', take: 'View',
      find: 'Find', rows: 'List', rand: 'Random', sort: 'Reorder', save: 'Save', create: 'Create', update: 'Update',
      export: 'Export', remove: 'Move to recycle bin', restore: 'Restore', delete: 'Delete permanently',
      clear: 'Empty recycle bin',
    },
    payType: {
      _empty: 'Not specified', grabpay: 'GrabPay', wechat: 'WeChat Pay', alipay: 'Alipay', card: 'Bank card', atm: 'ATM transfer',
      paynow: 'PayNow', fpx: 'FPX online banking', promptpay: 'PromptPay', qris: 'QRIS', va: 'Virtual account',
    },
    currency: {
      _empty: '—', USD: 'US Dollar', EUR: 'Euro', JPY: 'Japanese Yen', GBP: 'British Pound', AUD: 'Australian Dollar',
      CAD: 'Canadian Dollar', CHF: 'Swiss Franc', CNY: 'Chinese Yuan', HKD: 'Hong Kong Dollar',
      NZD: 'New Zealand Dollar', KRW: 'South Korean Won', SGD: 'Singapore Dollar', NOK: 'Norwegian Krone',
      MXN: 'Mexican Peso', INR: 'Indian Rupee', RUB: 'Russian Ruble', ZAR: 'South African Rand', TRY: 'Turkish Lira',
      BRL: 'Brazilian Real', TWD: 'New Taiwan Dollar', DKK: 'Danish Krone', PLN: 'Polish Zloty', THB: 'Thai Baht',
      IDR: 'Indonesian Rupiah', HUF: 'Hungarian Forint', CZK: 'Czech Koruna', ILS: 'Israeli New Shekel',
      CLP: 'Chilean Peso', PHP: 'Philippine Peso', AED: 'UAE Dirham', COP: 'Colombian Peso', SAR: 'Saudi Riyal',
      MYR: 'Malaysian Ringgit', RON: 'Romanian Leu',
    },
    bindType: { article: 'Article', pages: 'Page' },
    type: { info: 'Information', warning: 'Warning', success: 'Good news' },
    inviteMode: { close: 'Off (no code needed)', open: 'Open (code optional)', force: 'Required (code needed)' },
    inviteFormat: { number: 'Digits only', letter: 'Letters only', mix: 'Letters and digits' },
    smsMode: { intercept: 'Block the request', 'force-black': 'Blacklist the IP' },
    smsStrategy: { loose: 'Loose (IP + phone + API)', moderate: 'Moderate (IP + phone)', strict: 'Strict (phone)' },
    signInStrategy: {
      loose: 'Loose (account + password, no code)', strict: 'Strict (phone or email + verification code)',
    },
  },
  validation: {
    report_date: 'Enter a date as YYYY-MM-DD',
    report_period: 'The end date cannot be before the start date',
    refund_amount: 'The refund must be more than 0 and at most %{left} %{currency}',
    refund_over: 'Refunds cannot exceed what was paid: at most %{left} %{currency} is left',
    required: 'This field is required',
    min_length: 'Must be at least %{min} characters',
    max_length: 'Must be at most %{max} characters',
    pattern: 'Invalid format',
    min_value: 'Must be at least %{min}',
    between: 'Must be between %{min} and %{max}',
    max_value: 'Must be at most %{max}',
    decimals: 'Too many decimal places',
    currency_decimals: "%{currency} amounts take at most %{digits} decimal places",
    string: 'Enter text',
    integer: 'Enter a whole number',
    choice: 'Choose one of the options',
    json: 'Enter valid JSON',
    json_too_large: 'The JSON is too large or too deeply nested (at most %{kb} KB and %{depth} levels)',
    ids: 'Invalid list of IDs',
    ids_missing: 'No such ids: %{ids}',
    ref_unknown: 'No row with %{key} "%{value}"',
    import_status: 'An imported order may be pending, completed, failed or expired',
    import_paid: 'A completed order needs what was paid and when; any other order has neither',
    not_bulk: 'This field cannot be changed on many rows at once',
    image_url: 'The image address must start with http://, https://, // or /',
    url: 'Enter a valid link',
    unknown_field: 'Unknown field',
    invalid_type: 'Wrong type of value',
    invalid_id: 'Invalid ID',
    account_length: 'The account must be 4 to 32 characters',
    account_pattern: 'The account may contain only letters and digits',
    phone: 'Enter a valid mobile number',
    email: 'Enter a valid email address',
    password_length: 'The password must be 6 to 32 characters',
    avatar: 'Does that look like an avatar address to you?',
    group_name_required: 'Give the permission group a name, or how will anyone tell them apart?',
    title_required: 'Please enter a title',
    port: 'The port must be between 1 and 65535',
    host: 'Enter a valid host',
    domain: 'The domain must start with http:// or https:// and must not end with /',
    directory: 'Enter a valid directory path',
    input_invalid: 'input data invalid',
    expire_window: 'The expiry cannot be more than 3 days after creation',
    expire_past: 'The expiry must be in the future',
    key_rules: 'Rules must be a list like ["POST api/receive-money/create"]',
    key_rules_empty: 'Choose at least one rule, or none at all for everything you may do',
    key_rules_unknown: 'No such rule: %{rules}',
    key_rules_not_held: 'You cannot give a key rules you do not hold: %{rules}',
    key_rules_or_preset: 'Give either rules or a preset, not both',
    reason_required: 'Please give a reason',
    webhook_secret: 'A secret starts with whsec_ followed by base64 characters',
    rest_id: 'The id in the body must be the id in the URL (%{id})',
    channel_not_ready: 'Set up this channel first: add its key in the payment settings',
    currency_not_taken: '%{channel} does not take %{currency}',
    whole_units: 'This channel takes %{currency} in whole units only',
    time_zone: 'Unknown time zone',
    period_date: 'Give a valid date (YYYY-MM-DD)',
    period_order: 'The end date cannot be before the start date',
    period_too_long: 'A period is at most %{days} days',
    not_your_group: 'You can share only with a group you belong to',
    view_state: 'Invalid view: it holds filters, columns, sort and page size',
    view_state_param: 'The view\'s "%{name}" is not a filter or sort this list accepts',
    view_list: 'There is no list named "%{name}"',
  },
  actions: {
    settlement: 'Settlement report',
    figures: 'Overview figures',
    'mfa-sign-in': 'Sign in with two-factor code', 'mfa-setup': 'Start two-factor setup', 'mfa-enable': 'Turn on two-factor sign-in', 'mfa-reset': 'Reset two-factor sign-in',
    roll: 'Make or roll the callback secret', 'end-overlap': 'End the previous secret', refund: 'Refund', resolve: 'Resolve exception', test: 'Send test callback', generate: 'Generate codes',
    'mark-paid': 'Mark paid', 'mark-failed': 'Mark failed', close: 'Close order', resend: 'Resend callback', revoke: 'Revoke',
    rules: 'Limit key rules', choices: 'Rules a key may be given',
    checkout: 'Start payment', check: 'Check payment', providers: 'Payment providers', webhooks: 'Last webhooks',
    take: 'View', find: 'Find', rows: 'List', rand: 'Random', export: 'Export', create: 'Create', save: 'Save',
    update: 'Update', sort: 'Reorder', restore: 'Restore', remove: 'Move to recycle bin', delete: 'Delete permanently',
    clear: 'Empty recycle bin', flat: 'Compact list', briefly: 'Summary', tree: 'Rule tree', 'group-names': 'Group names',
    preset: 'Preset groups', 'sign-in': 'Sign in', 'sign-code': 'Sign in with code', 'sign-up': 'Sign up',
    'reset-password': 'Reset password', 'check-token': 'Token check', 'sign-out': 'Sign out', init: 'Initialize',
    mine: 'My permissions', upload: 'Upload file', toml: 'Read settings', toml_update: 'Update settings',
    cache_clear: 'Clear cache', blocked: 'Blocked clients', unblock: 'Lift a block', groups: 'Groups to share with',
    docs: 'API documentation', docs_json: 'API documentation (JSON)',
    import: 'Import', 'update-many': 'Bulk edit', 'rest-list': 'List (simple-rest)', 'rest-one': 'View (simple-rest)', 'rest-create': 'Create (simple-rest)', 'rest-update': 'Update (simple-rest)', 'rest-patch': 'Partial update (simple-rest)', 'rest-delete': 'Delete (simple-rest)',
  },
  ruleGroups: { 'rate-limits': 'Rate limits', dashboard: 'Overview', comm: 'Account', file: 'Files', cache: 'Cache', toml: 'Settings', docs: 'API docs' },
  /** A system column's label by its kind, for tables whose labels sit in their schema (schema/i18n/inline). */
  system,
  menu: { users: 'Users', flow: 'Payments', safety: 'Security & alerts', settings: 'System settings', content: 'Content' },
  presets: {
    super_admin: { name: 'Super admin', remark: "Every permission, over everyone's data" },
    operator_all: {
      name: 'Operator (all data)',
      remark: "Views, creates and edits everyone's data and moves it to the recycle bin; cannot delete single records permanently",
    },
    operator_own: { name: 'Operator (own data)', remark: 'Manages only the orders they created and uploads attachments' },
    auditor: { name: 'Auditor', remark: "Read-only: views and exports everyone's data" },
  },
};

export default enUs;
