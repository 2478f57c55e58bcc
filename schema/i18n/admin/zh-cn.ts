/** Strings of the admin console itself, Simplified Chinese (the reference language). */
const zhCn = {
  admin: {
    titles: { admin_index: '后台首页', sign_in: '登录', sign_up: '注册', sign_forget: '忘记密码', not_found: '页面不存在' },
    not_found: { title: '页面不存在', text: '你访问的页面可能已被删除、已更名或暂时不可用。', home: '返回首页' },
    no_access: { title: '没有权限查看此页面', text: '你的权限分组未授予此页面。', none: '你的权限分组尚未授予任何页面，请联系管理员。', open_first: '打开我能查看的页面' },
    copy: { button: '复制', done: '复制成功', unsupported: '浏览器不支持复制', failed: '复制失败' },
    a11y: { menu: '主菜单', page_progress: '页面加载进度' },
    buttons: {
      add: '新增', edit: '编辑', remove: '移入回收站', restore: '恢复', destroy: '彻底删除', clear: '清空回收站',
      export: '导出', refresh: '刷新', all: '全部', trash: '回收站', filters: '筛选', settings: '表格设置',
    },
    list: { keyword: '关键词', any: '全部', auto_search: '自动搜索', actions: '操作', date_placeholder: '年-月-日', pick_date: '选择日期', range_from: '%{field}（起）', range_to: '%{field}（止）' },
    settings: {
      title: '表格设置', views: '视图', sort: '排序', config: '配置', sort_field: '排序字段',
      pin_left: '左', pin_none: '不固定', pin_right: '右', reset: '恢复默认',
      move_up: '上移%{name}', move_down: '下移%{name}', pin_of: '%{name}的固定位置',
      date_simple: '简洁（年-月-日 时:分）', date_detailed: '详细（年-月-日 时:分:秒）', date_ymd: '年-月-日',
    },
    confirm: {
      title: '此操作不可撤销', destroy: '确定彻底删除选中的 %{smart_count} 条记录吗？删除后无法恢复。',
      clear: '确定清空回收站吗？其中的记录将被彻底删除。', yes: '不后悔', no: '我再想想',
    },
    notify: { created: '新增成功', saved: '保存成功', removed: '已移入回收站', restored: '已恢复', destroyed: '已彻底删除', cleared: '回收站已清空' },
    form: { create_title: '新增%{name}', edit_title: '编辑%{name}', password_keep: '留空则不修改密码' },
    prompt: { invalid: '输入的数据不合法' },
    upload: { button: '上传', success: '上传成功', failed: '上传失败', error: '上传异常', none: '暂无附件', progress: '上传进度' },
    pay_link: {
      title: '订单已创建', content: '把支付链接发给付款人：', copy: '复制支付链接', later: '稍后',
      copied: '支付链接已复制', copy_failed: '复制失败',
    },
    sign: {
      fields: { social: '手机号码或邮箱', account: '账号', password: '密码', AgainPassword: '确认密码', code: '验证码', invite: '邀请码（选填）' },
      by_password: '账号密码登录', by_code: '验证码登录', submit_sign_in: '登录', submit_sign_up: '注册',
      send_code: '发送验证码', resend_in: '%{seconds} 秒后重发', code_sent: '验证码已发送', reset_done: '密码重置成功',
      need_account: '请输入账号', need_password: '请输入密码', need_social: '请输入手机号码或邮箱', need_code: '请输入验证码',
      need_again: '请再次输入密码', passwords_differ: '两次密码不一致', password_short: '密码长度不得小于8位',
      need_social_or_account: '账户和账号必须填一个',
      need_invite: '请输入邀请码', invite_required: '邀请码', code_only: '本站仅支持手机号或邮箱验证码登录',
      sign_up_closed: '暂不开放注册', sign_up_closed_text: '本站目前不接受新用户注册。已有账号？请直接登录。',
    },
    screens: {
      invite: { generate: '生成邀请码', count: '生成数量', count_hint: '1 到 %{max} 个；长度和格式按注册设置' },
      settings: {
        tabs: { security: '安全防护', services: '站点、短信、缓存与存储' },
        clear_cache: '清除缓存',
        rows: {
          SYSTEM_SAFETY_API: {
            _: '接口安全',
            key: '接口密钥（留空则自动生成）',
            sign: '请求签名',
            paging: { _: '分页', enable: '限制每页条数', limit: '每页最多条数' },
            qps: {
              _: '请求频率',
              block: { _: '违规封禁', enable: '启用封禁', count: '超限几次后封禁', second: '统计与封禁时长（秒）' },
              limit: { _: '限流', enable: '启用限流', global: '全局每秒请求数', point: '单接口每秒请求数' },
            },
          },
          SAFETY_SMS: {
            _: '短信安全',
            brush: {
              _: '防刷',
              enable: '启用',
              plan: { _: '处置', mode: '处置方式', second: '拦截或拉黑时长（秒）' },
              rule: { _: '规则', strategy: '计数策略', second: '统计周期（秒）', count: '周期内最多次数' },
            },
            burst: {
              _: '防突发',
              enable: '启用',
              plan: { _: '处置', mode: '处置方式', second: '拦截或拉黑时长（秒）' },
              rule: { _: '规则', strategy: '计数策略', second: '统计周期（秒）', count: '周期内最多次数' },
            },
          },
          SIGN_IN_UP: {
            _: '登录与注册',
            sign_in: { _: '登录', unique: '单一会话（新登录使其他会话失效）', strategy: '登录策略' },
            sign_up: {
              _: '注册',
              allow: '允许注册',
              invite: { _: '邀请码', mode: '邀请模式', length: '邀请码长度', format: '邀请码格式' },
              auth_group_ids: '新用户默认权限分组',
            },
          },
          SITE_INFO: {
            _: '站点信息',
            title: '站点标题',
            date: '建站时间',
            avatar: '站点图标',
            favicon: '网站图标（favicon）',
            keyword: '关键词（以 | 分隔）',
            describe: '站点简介',
            description: '站点描述（搜索引擎）',
            copy: { _: 'ICP 备案', code: 'ICP 备案号', link: '备案查询链接' },
            police: { _: '公安备案', code: '公安备案号', link: '备案查询链接' },
          },
        },
      },
      test: {
        title: '测试页面',
        comment: '评论',
        placeholder: '说点什么吧……',
        counter: '%{count} / %{max}',
        menu: '更多操作',
        favourite: '收藏',
        unfavourite: '取消收藏',
        favourited: '已收藏',
        favourite_added: '已加入收藏', favourite_removed: '已取消收藏',
      },
      'auth-group': {
        up: '上移', down: '下移', presets: '从预设新建', all_rules: '已拥有全部权限，无需勾选接口规则',
        expand: '展开%{name}', collapse: '收起%{name}', member_search: '输入昵称、手机号码或邮箱搜索', no_users: '没有匹配的用户',
      },
      'receive-money': { no_channel: '该币种暂无支付方式' },
      users: { status_saved: '用户状态已更新', avatar_preview: '头像预览' },
      logs: {
        details: '详情', title: '操作记录详情', user: '用户', guest: '访客（未登录）', os: '操作系统', browser: '浏览器', time: '时间', unknown: '未知',
        codes: { 200: '成功', 201: '已创建', 204: '无数据', 400: '错误', 401: '未授权', 403: '禁止访问' },
      },
      'auth-rules': { open_api: '开放 API' },
    },
  },
};
export default zhCn;
export type AdminCatalog = typeof zhCn;
