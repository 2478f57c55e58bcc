/**
 * Shared labels, zh-cn (the reference language: every other language must have
 * exactly these keys, which `CommonCatalog` enforces at compile time).
 * Resource and field labels follow react-admin's `resources.<name>.fields.<field>`;
 * select labels are `options.<optionSet ?? field>.<value>` (`_empty` for '').
 */

// Columns every table has (f.id, f.owner, f.timestamps), and the recycle-bin stamp of most.
const system = { id: 'ID', owner: '所属用户', createTime: '创建时间', updateTime: '更新时间', deleteTime: '删除时间', serial: '排序', lock: '锁定' };
const row = { id: system.id, uid: system.owner, createTime: system.createTime, updateTime: system.updateTime };
const trashed = { ...row, deleteTime: system.deleteTime };

const zhCn = {
  resources: {
    users: {
      name: '用户',
      fields: {
        ...trashed, nickname: '昵称', account: '账号', phone: '手机号码', email: '邮箱', password: '密码',
        status: '状态', gender: '性别', source: '来源', avatar: '头像', describe: '个人简介', remark: '备注',
        signInIp: '登录 IP', signUpIp: '注册 IP', signInTime: '登录时间', mfa: '两步验证', mfaSecret: '两步验证密钥', mfaRecovery: '恢复码',
      },
    },
    'receive-money': {
      name: '流水页面',
      fields: {
        channel: '支付渠道', openExceptions: '待处理异常', exception: '异常', exceptionAmount: '异常金额', exceptionCurrency: '异常币种', refundedAmount: '已退款金额', checkoutId: '收银台会话', checkoutUrl: '收银台链接', checkoutExpires: '收银台失效时间', lookedUpTime: '上次查单时间', paidAmount: '实付金额', paidTime: '支付时间', channelTradeNo: '渠道交易号', expireTime: '过期时间', notifyUrl: '回调地址',
        ...trashed, tradeNo: '订单号', outTradeNo: '商户订单号', mchId: '商户号', productId: '商品编号',
        title: '商品标题', describe: '描述', amount: '金额', currency: '币种', payType: '支付方式',
        status: '支付状态', payUrl: '支付链接', returnUrl: '返回商家链接', files: '附件', remark: '备注',
      },
    },
    'auth-group': {
      name: '权限分组',
      fields: {
        ...trashed, name: '分组名称', no: '分组编号', manage: '可管理他人数据', all: '拥有全部权限', mfa: '要求两步验证',
        rules: '接口规则', uids: '成员', remark: '备注', lock: '锁定', serial: '排序',
      },
    },
    'auth-rules': {
      name: '接口规则',
      fields: {
        ...row, hash: '哈希', group: '分组', name: '名称', method: '请求方式', route: '路由',
        type: '类型', remark: '备注', lock: '锁定',
      },
    },
    logs: {
      name: '操作记录',
      fields: {
        ...trashed, title: '标题', scene: '场景', method: '请求方式', api: '接口', code: '状态码',
        content: '内容', bindId: '关联 ID', bindType: '关联类型', ip: 'IP 地址', agent: '客户端', params: '请求参数',
      },
    },
    config: { name: '系统配置', fields: { ...row, key: '配置键', value: '配置值', remark: '备注' } },
    article: {
      name: '文章',
      fields: {
        ...trashed, title: '标题', abstract: '摘要', content: '正文', covers: '封面', tags: '标签',
        views: '浏览量', top: '置顶', audit: '已审核',
      },
    },
    tags: { name: '标签', fields: { ...trashed, name: '名称', avatar: '图标', describe: '描述' } },
    comment: {
      name: '评论',
      fields: {
        ...trashed, pid: '上级评论', bindType: '评论对象类型', bindId: '评论对象 ID', content: '内容',
        nickname: '昵称', email: '邮箱', url: '网址', ip: 'IP 地址', agent: '客户端', audit: '已审核',
      },
    },
    banner: {
      name: '轮播图',
      fields: { ...trashed, title: '标题', image: '图片', url: '链接', describe: '描述', serial: '排序' },
    },
    links: {
      name: '友情链接',
      fields: { ...trashed, nickname: '网站名称', url: '网址', avatar: '图标', describe: '描述', serial: '排序' },
    },
    pages: {
      name: '独立页面',
      fields: { ...trashed, key: '页面标识', title: '标题', content: '正文', audit: '已审核' },
    },
    placard: {
      name: '公告',
      fields: {
        ...trashed, title: '标题', type: '类型', content: '内容', top: '置顶',
        startTime: '开始时间', endTime: '结束时间',
      },
    },
    level: { name: '等级', fields: { ...trashed, name: '名称', value: '所需经验', describe: '描述' } },
    'order-events': {
      name: '订单事件',
      fields: {
        ...row, orderId: '订单 ID', tradeNo: '订单号', fromStatus: '原状态', toStatus: '新状态', source: '来源',
        actor: '操作者', reference: '渠道交易号', amount: '金额', currency: '币种', reason: '原因', exception: '异常', refundId: '退款编号', digest: '通知摘要',
      },
    },
    'pay-notifications': {
      name: '支付通知',
      fields: {
        ...row, dedupeKey: '去重键', channel: '渠道', notificationId: '通知 ID', orderId: '订单 ID', tradeNo: '订单号',
        outcome: '处理结果', reason: '原因', amount: '金额', currency: '币种', digest: '通知摘要',
      },
    },
    callbacks: {
      name: '商户回调',
      fields: {
        ...row, orderId: '订单 ID', eventId: '事件 ID', tradeNo: '订单号', messageId: '消息 ID', url: '回调地址',
        payload: '内容', state: '投递状态', tries: '尝试次数', attempts: '投递记录', lastCode: '最近状态码',
        nextTime: '下次尝试', leaseUntil: '租约到期', leaseOwner: '租约持有者', deliveredTime: '送达时间',
      },
    },
    'order-exceptions': {
      name: '订单异常',
      fields: {
        ...row, orderId: '订单 ID', tradeNo: '订单号', kind: '异常', amount: '收到金额', currency: '币种', reference: '渠道交易号', state: '状态', reason: '原因', resolvedBy: '处理人', resolvedTime: '处理时间', refundId: '退款 ID',
      },
    },
    refunds: {
      name: '退款',
      fields: {
        ...row, orderId: '订单 ID', tradeNo: '订单号', channel: '支付渠道', amount: '退款金额', currency: '币种', state: '状态',
        reason: '原因', exception: '对应异常', reference: '渠道退款号', idempotencyKey: '幂等键', failure: '失败原因', actor: '操作者',
      },
    },
    'idempotency-keys': {
      name: '幂等键',
      fields: { ...row, dedupeKey: '键', digest: '请求摘要', status: '状态码', response: '响应', expireTime: '过期时间' },
    },
    'callback-secrets': {
      name: '回调签名密钥',
      fields: { ...row, merchant: '商户', prefix: '密钥前缀', secret: '密钥', previous: '旧密钥', previousUntil: '旧密钥失效时间' },
    },
    views: { name: '保存的视图', fields: { ...row, name: '名称', resource: '所属列表', state: '视图内容', group: '共享给分组' } },
    'api-keys': {
      name: 'API 密钥',
      fields: {
        ...row, name: '名称', prefix: '密钥前缀', hash: '密钥摘要', expireTime: '过期时间', lastUsedTime: '最近使用',
        revokedTime: '吊销时间', rules: '权限',
      },
    },
    invite: {
      name: '邀请码',
      fields: {
        ...trashed, code: '邀请码', usedBy: '使用者', usedTime: '使用时间', expireTime: '过期时间', remark: '备注',
      },
    },
  },
  options: {
    status: { normal: '正常', banned: '禁用', pending: '待付款', completed: '支付成功', failed: '支付失败', expired: '已过期', refunded: '已退款', closed: '已关闭', partially_refunded: '部分退款' },
    refundState: { pending: '处理中', succeeded: '已退款', failed: '退款失败' },
    exception: { _empty: '无', paid_late: '逾期支付', underpaid: '少付', overpaid: '多付', wrong_currency: '币种不符' },
    exceptionState: { open: '待处理', accepted: '已接受', refunded: '已退回' },
    eventSource: { notify: '支付通知', expiry: '到期关闭', operator: '人工操作', lookup: '渠道查单', refund: '退款' },
    revisionAction: { create: '创建', update: '修改', remove: '移入回收站', restore: '从回收站恢复', delete: '永久删除', payment: '支付处理', settings: '设置保存' },
    outcome: { applied: '已生效', flagged: '已记为异常', finished: '订单已结束', rejected: '已拒绝' },
    state: { pending: '待投递', delivered: '已送达', failed: '投递失败', gone: '商户已拒收' },
    gender: { unknown: '保密', boy: '男', girl: '女' },
    source: { default: '默认', install: '系统安装', qq: 'QQ', phone: '手机', email: '邮箱' },
    ruleType: { default: '需授权', common: '公开', login: '需登录' },
    method: { GET: 'GET 读取', POST: 'POST 新增', PUT: 'PUT 修改', PATCH: 'PATCH 部分修改', DELETE: 'DELETE 删除' },
    scene: {
      import: '导入', 'update-many': '批量修改', _empty: '其他', 'sign-in': '登录', 'sign-up': '注册', 'check-token': '校验令牌', take: '查看', find: '查找',
      rows: '列表', rand: '随机', sort: '排序', save: '保存', create: '新增', update: '修改', export: '导出',
      remove: '移入回收站', restore: '恢复', delete: '彻底删除', clear: '清空回收站',
    },
    payType: {
      _empty: '未指定', grabpay: 'GrabPay', wechat: '微信支付', alipay: '支付宝', card: '银行卡', atm: 'ATM 转账', paynow: 'PayNow',
      fpx: 'FPX 网银', promptpay: 'PromptPay', qris: 'QRIS 扫码', va: '虚拟账户转账',
    },
    currency: {
      _empty: '—', USD: '美元', EUR: '欧元', JPY: '日元', GBP: '英镑', AUD: '澳元', CAD: '加元', CHF: '瑞士法郎',
      CNY: '人民币', HKD: '港币', NZD: '新西兰元', KRW: '韩元', SGD: '新加坡元', NOK: '挪威克朗',
      MXN: '墨西哥比索', INR: '印度卢比', RUB: '俄罗斯卢布', ZAR: '南非兰特', TRY: '土耳其里拉',
      BRL: '巴西雷亚尔', TWD: '新台币', DKK: '丹麦克朗', PLN: '波兰兹罗提', THB: '泰铢', IDR: '印尼盾',
      HUF: '匈牙利福林', CZK: '捷克克朗', ILS: '以色列新谢克尔', CLP: '智利比索', PHP: '菲律宾比索',
      AED: '阿联酋迪拉姆', COP: '哥伦比亚比索', SAR: '沙特里亚尔', MYR: '马来西亚林吉特', RON: '罗马尼亚列伊',
    },
    bindType: { article: '文章', pages: '独立页面' },
    type: { info: '通知', warning: '警告', success: '喜讯' },
    inviteMode: { close: '关闭（无需邀请码）', open: '开放（邀请码选填）', force: '强制（必须填写邀请码）' },
    inviteFormat: { number: '纯数字', letter: '纯字母', mix: '字母与数字' },
    smsMode: { intercept: '拦截请求', 'force-black': '拉黑 IP' },
    smsStrategy: { loose: '宽松（IP + 手机号 + 接口）', moderate: '适中（IP + 手机号）', strict: '严格（手机号）' },
    signInStrategy: { loose: '宽松（账号 + 密码，无需验证码）', strict: '严格（手机号或邮箱 + 验证码）' },
  },
  validation: {
    report_date: '请输入日期，格式为 YYYY-MM-DD',
    report_period: '结束日期不能早于开始日期',
    refund_amount: '退款金额须大于 0，最多 %{left} %{currency}',
    refund_over: '退款总额不能超过实付金额：最多还可退 %{left} %{currency}',
    required: '此项为必填项',
    min_length: '长度不能少于 %{min} 个字符',
    max_length: '长度不能超过 %{max} 个字符',
    pattern: '格式不正确',
    min_value: '不能小于 %{min}',
    between: '应在 %{min} 到 %{max} 之间',
    max_value: '不能大于 %{max}',
    decimals: '小数位数过多',
    currency_decimals: "%{currency} 金额最多 %{digits} 位小数",
    string: '请输入文本',
    integer: '请输入整数',
    choice: '请从可选项中选择',
    json: '请输入有效的 JSON',
    json_too_large: 'JSON 过大或嵌套过深（最多 %{kb} KB、%{depth} 层）',
    ids: 'ID 列表格式不正确',
    ids_missing: '不存在的 ID：%{ids}',
    ref_unknown: '找不到%{key}为“%{value}”的记录',
    import_status: '导入的订单状态只能是待支付、已完成、失败或已过期',
    import_paid: '已完成的订单须有实付金额和支付时间；其他订单不能有',
    not_bulk: '此字段不能批量修改',
    image_url: '图片地址须以 http://、https://、// 或 / 开头',
    url: '请输入正确的链接地址',
    unknown_field: '未知字段',
    invalid_type: '数据类型不正确',
    invalid_id: 'ID 无效',
    account_length: '账号长度在 4 到 32 个字符',
    account_pattern: '账号只能是字母和数字',
    phone: '请输入正确的手机号码',
    email: '请输入正确的邮箱',
    password_length: '密码长度在 6 到 32 个字符',
    avatar: '你觉得这个头像地址合理吗？',
    group_name_required: '你不起个权限分组名称，怎么去做区分？',
    title_required: '请填写标题',
    port: '端口须在 1 到 65535 之间',
    host: '请输入正确的主机地址',
    domain: '域名须以 http:// 或 https:// 开头，且不能以 / 结尾',
    directory: '请输入正确的目录路径',
    input_invalid: '输入数据无效',
    expire_window: '过期时间不能晚于创建后 3 天',
    expire_past: '过期时间须晚于现在',
    key_rules: '权限须为列表，如 ["POST api/receive-money/create"]',
    key_rules_empty: '请至少选择一项权限；不限制则不传权限',
    key_rules_unknown: '没有这些权限：%{rules}',
    key_rules_not_held: '不能给密钥您自己没有的权限：%{rules}',
    key_rules_or_preset: '权限和预设只能给一个',
    reason_required: '请填写原因',
    webhook_secret: '密钥须以 whsec_ 开头，后接 base64 字符',
    rest_id: '请求体中的 id 必须与地址中的 id（%{id}）一致',
    channel_not_ready: '请先在支付设置中填写该渠道的密钥',
    currency_not_taken: '%{channel} 不支持 %{currency}',
    whole_units: '该渠道只接受整数金额的 %{currency}',
    time_zone: '未知的时区',
    period_date: '请给出有效的日期（YYYY-MM-DD）',
    period_order: '结束日期不能早于开始日期',
    period_too_long: '时间段最长 %{days} 天',
    not_your_group: '只能共享给你所在的分组',
    view_state: '视图内容无效：应包含筛选、列、排序和每页条数',
    view_state_param: '视图中的“%{name}”不是该列表可用的筛选或排序',
    view_list: '没有名为“%{name}”的列表',
  },
  actions: {
    settlement: '结算报表',
    figures: '概览数据',
    'mfa-sign-in': '两步验证登录', 'mfa-setup': '开始设置两步验证', 'mfa-enable': '开启两步验证', 'mfa-reset': '重置两步验证',
    roll: '生成或更换回调密钥', 'end-overlap': '停用旧回调密钥', refund: '退款', resolve: '处理异常', test: '发送测试回调', generate: '生成邀请码',
    'mark-paid': '标记已支付', 'mark-failed': '标记支付失败', close: '关闭订单', resend: '重发回调', revoke: '吊销',
    rules: '限定密钥权限', choices: '可授予密钥的权限',
    checkout: '发起支付', check: '查询支付结果', providers: '支付渠道状态', webhooks: '最近的支付通知',
    take: '查看', find: '查找', rows: '列表', rand: '随机', export: '导出', create: '新增', save: '保存',
    update: '修改', sort: '排序', restore: '恢复', remove: '移入回收站', delete: '彻底删除', clear: '清空回收站',
    flat: '精简列表', briefly: '简要信息', tree: '规则树', 'group-names': '分组名称', preset: '预设分组',
    'sign-in': '登录', 'sign-code': '验证码登录', 'sign-up': '注册', 'reset-password': '重置密码',
    'check-token': '校验令牌', 'sign-out': '退出登录', init: '初始化', mine: '我的权限', upload: '上传文件',
    toml: '读取设置', toml_update: '修改设置', cache_clear: '清除缓存', blocked: '被封禁的客户端', unblock: '解除封禁', groups: '可共享的分组',
    docs: '接口文档', docs_json: '接口文档（JSON）',
    import: '导入', 'update-many': '批量修改', 'rest-list': '列表（simple-rest）', 'rest-one': '查看（simple-rest）', 'rest-create': '新增（simple-rest）', 'rest-update': '修改（simple-rest）', 'rest-patch': '部分修改（simple-rest）', 'rest-delete': '删除（simple-rest）',
  },
  // Groups of the hand-written routes' rules; a table's rules are grouped under `resources.<name>.name`.
  ruleGroups: { 'rate-limits': '频率限制', dashboard: '概览', comm: '账户', file: '文件', cache: '缓存', toml: '设置', docs: '接口文档' },
  /** A system column's label by its kind, for tables whose labels sit in their schema (schema/i18n/inline). */
  system,
  menu: { users: '用户', flow: '流水', safety: '安全与告警', settings: '系统设置', content: '内容' },
  presets: {
    super_admin: { name: '超级管理员', remark: '拥有全部权限，可管理所有人的数据' },
    operator_all: { name: '运营（全部数据）', remark: '可查看、新增、修改所有人的数据，可移入回收站，不能逐条彻底删除' },
    operator_own: { name: '运营（本人数据）', remark: '只管理自己创建的订单，可上传附件' },
    auditor: { name: '审计员', remark: '只读：查看和导出所有人的数据' },
  },
};

export default zhCn;
export type CommonCatalog = typeof zhCn;
