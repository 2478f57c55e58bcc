/** Shared labels, ja-jp. Keys mirror zh-cn.ts (enforced by `CommonCatalog`). */
import type { CommonCatalog } from './zh-cn';

const system = { id: 'ID', owner: '所有者', createTime: '作成日時', updateTime: '更新日時', deleteTime: '削除日時', serial: '並び順', lock: 'ロック' };
const row = { id: system.id, uid: system.owner, createTime: system.createTime, updateTime: system.updateTime };
const trashed = { ...row, deleteTime: system.deleteTime };

const jaJp: CommonCatalog = {
  resources: {
    users: {
      name: 'ユーザー',
      fields: {
        ...trashed, nickname: 'ニックネーム', account: 'アカウント', phone: '電話番号', email: 'メールアドレス',
        password: 'パスワード', status: '状態', gender: '性別', source: '登録経路', avatar: 'アバター',
        describe: '自己紹介', remark: '備考', signInIp: 'ログイン IP', signUpIp: '登録 IP', signInTime: '最終ログイン', mfa: '2 段階認証', mfaSecret: '2 段階認証キー', mfaRecovery: 'リカバリーコード',
      },
    },
    'receive-money': {
      name: '入金一覧',
      fields: {
        channel: '決済プロバイダー', openExceptions: '未処理の例外', exception: '例外', exceptionAmount: '例外の金額', exceptionCurrency: '例外の通貨', refundedAmount: '返金済み額', checkoutId: 'チェックアウトセッション', checkoutUrl: 'チェックアウトリンク', checkoutExpires: 'チェックアウト期限', lookedUpTime: '最終照会日時', paidAmount: '支払額', paidTime: '支払日時', channelTradeNo: '決済取引番号', expireTime: '有効期限', notifyUrl: 'コールバック URL',
        ...trashed, tradeNo: '注文番号', outTradeNo: '加盟店注文番号', mchId: '加盟店 ID', productId: '商品 ID',
        title: '商品名', describe: '説明', amount: '金額', currency: '通貨', payType: '支払方法',
        status: '支払状況', payUrl: '支払リンク', returnUrl: 'ショップへの戻りリンク', files: '添付ファイル', remark: '備考',
      },
    },
    'auth-group': {
      name: '権限グループ',
      fields: {
        ...trashed, name: 'グループ名', no: 'グループ番号', manage: '他人のデータを管理', all: 'すべての権限', mfa: '2 段階認証を必須にする',
        rules: 'API ルール', uids: 'メンバー', remark: '備考', lock: 'ロック', serial: '並び順',
      },
    },
    'auth-rules': {
      name: 'API ルール',
      fields: {
        ...row, hash: 'ハッシュ', group: 'グループ', name: '名前', method: 'メソッド', route: 'ルート',
        type: '種類', remark: '備考', lock: 'ロック',
      },
    },
    logs: {
      name: '操作履歴',
      fields: {
        ...trashed, title: 'タイトル', scene: '操作の種類', method: 'メソッド', api: 'API', code: 'ステータスコード',
        content: '内容', bindId: '関連 ID', bindType: '関連の種類', ip: 'IP アドレス', agent: 'クライアント',
        params: 'リクエストパラメーター',
      },
    },
    config: { name: 'システム設定', fields: { ...row, key: 'キー', value: '値', remark: '備考' } },
    article: {
      name: '記事',
      fields: {
        ...trashed, title: 'タイトル', abstract: '概要', content: '本文', covers: 'カバー画像', tags: 'タグ',
        views: '閲覧数', top: 'ピン留め', audit: '承認済み',
      },
    },
    tags: { name: 'タグ', fields: { ...trashed, name: '名前', avatar: 'アイコン', describe: '説明' } },
    comment: {
      name: 'コメント',
      fields: {
        ...trashed, pid: '親コメント', bindType: 'コメント対象の種類', bindId: 'コメント対象 ID', content: '内容',
        nickname: 'ニックネーム', email: 'メールアドレス', url: 'ウェブサイト', ip: 'IP アドレス',
        agent: 'クライアント', audit: '承認済み',
      },
    },
    banner: {
      name: 'バナー',
      fields: { ...trashed, title: 'タイトル', image: '画像', url: 'リンク', describe: '説明', serial: '並び順' },
    },
    links: {
      name: '相互リンク',
      fields: { ...trashed, nickname: 'サイト名', url: 'ウェブサイト', avatar: 'アイコン', describe: '説明', serial: '並び順' },
    },
    pages: {
      name: '固定ページ',
      fields: { ...trashed, key: 'ページキー', title: 'タイトル', content: '本文', audit: '承認済み' },
    },
    placard: {
      name: 'お知らせ',
      fields: {
        ...trashed, title: 'タイトル', type: '種類', content: '内容', top: 'ピン留め',
        startTime: '掲載開始', endTime: '掲載終了',
      },
    },
    level: { name: 'レベル', fields: { ...trashed, name: '名前', value: '必要経験値', describe: '説明' } },
    'order-events': {
      name: '注文イベント',
      fields: {
        ...row, orderId: '注文 ID', tradeNo: '注文番号', fromStatus: '変更前', toStatus: '変更後', source: '発生元',
        actor: '実行者', reference: '決済取引番号', amount: '金額', currency: '通貨', reason: '理由', exception: '例外', refundId: '返金 ID', digest: '通知ダイジェスト',
      },
    },
    'pay-notifications': {
      name: '支払い通知',
      fields: {
        ...row, dedupeKey: '重複排除キー', channel: 'チャネル', notificationId: '通知 ID', orderId: '注文 ID', tradeNo: '注文番号',
        outcome: '処理結果', reason: '理由', amount: '金額', currency: '通貨', digest: '通知ダイジェスト',
      },
    },
    callbacks: {
      name: '加盟店コールバック',
      fields: {
        ...row, orderId: '注文 ID', eventId: 'イベント ID', tradeNo: '注文番号', messageId: 'メッセージ ID', url: 'コールバック URL',
        payload: '内容', state: '配信状況', tries: '試行回数', attempts: '配信記録', lastCode: '直近のステータス',
        nextTime: '次回試行', leaseUntil: 'リース期限', leaseOwner: 'リース保持者', deliveredTime: '配信日時',
      },
    },
    'order-exceptions': {
      name: '注文の例外',
      fields: {
        ...row, orderId: '注文 ID', tradeNo: '注文番号', kind: '例外', amount: '受領額', currency: '通貨', reference: '決済取引番号', state: '状態', reason: '理由', resolvedBy: '処理者', resolvedTime: '処理日時', refundId: '返金 ID',
      },
    },
    refunds: {
      name: '返金',
      fields: {
        ...row, orderId: '注文 ID', tradeNo: '注文番号', channel: '決済プロバイダー', amount: '返金額', currency: '通貨', state: '状態',
        reason: '理由', exception: '対象の例外', reference: 'プロバイダーの返金番号', idempotencyKey: '冪等キー', failure: '失敗理由', actor: '実行者',
      },
    },
    'idempotency-keys': {
      name: '冪等キー',
      fields: { ...row, dedupeKey: 'キー', digest: 'リクエストダイジェスト', status: 'ステータスコード', response: '応答', expireTime: '有効期限' },
    },
    'callback-secrets': {
      name: 'コールバック署名シークレット',
      fields: { ...row, merchant: '加盟店', prefix: 'シークレットの先頭', secret: 'シークレット', previous: '以前のシークレット', previousUntil: '以前のシークレットの期限' },
    },
    views: { name: '保存したビュー', fields: { ...row, name: '名前', resource: '一覧', state: 'ビューの内容', group: '共有先グループ' } },
    'api-keys': {
      name: 'API キー',
      fields: {
        ...row, name: '名前', prefix: 'キーの先頭', hash: 'キーのダイジェスト', expireTime: '有効期限', lastUsedTime: '最終使用',
        revokedTime: '失効日時', rules: '権限',
      },
    },
    invite: {
      name: '招待コード',
      fields: {
        ...trashed, code: '招待コード', usedBy: '使用者', usedTime: '使用日時', expireTime: '有効期限', remark: '備考',
      },
    },
  },
  options: {
    status: { normal: '有効', banned: '停止中', pending: '支払い待ち', completed: '支払い完了', failed: '支払い失敗', expired: '期限切れ', refunded: '返金済み', closed: 'クローズ済み', partially_refunded: '一部返金' },
    refundState: { pending: '処理中', succeeded: '返金済み', failed: '返金失敗' },
    exception: { _empty: 'なし', paid_late: '期限後の支払い', underpaid: '支払い不足', overpaid: '過払い', wrong_currency: '通貨違い' },
    exceptionState: { open: '未処理', accepted: '受け入れ済み', refunded: '返金済み' },
    eventSource: { notify: '支払い通知', expiry: '期限切れ', operator: 'オペレーター', lookup: 'プロバイダー照会', refund: '返金' },
    revisionAction: { create: '作成', update: '更新', remove: 'ごみ箱へ移動', restore: 'ごみ箱から復元', delete: '完全に削除', payment: '決済処理', settings: '設定の保存' },
    outcome: { applied: '適用済み', flagged: '例外として記録', finished: '注文は終了済み', rejected: '拒否' },
    state: { pending: '配信待ち', delivered: '配信済み', failed: '配信失敗', gone: '加盟店が拒否' },
    gender: { unknown: '未設定', boy: '男性', girl: '女性' },
    source: { default: '標準', install: 'インストール時', qq: 'QQ', phone: '電話', email: 'メール' },
    ruleType: { default: 'グループで付与', common: '公開', login: 'ログインが必要' },
    method: { GET: 'GET 取得', POST: 'POST 作成', PUT: 'PUT 更新', PATCH: 'PATCH 部分更新', DELETE: 'DELETE 削除' },
    scene: {
      import: 'インポート', 'update-many': '一括編集', _empty: 'その他', 'sign-in': 'ログイン', 'sign-up': '新規登録', 'check-token': 'トークン確認', take: '表示',
      find: '検索', rows: '一覧', rand: 'ランダム取得', sort: '並べ替え', save: '保存', create: '作成', update: '更新',
      export: 'エクスポート', remove: 'ごみ箱へ移動', restore: '復元', delete: '完全に削除', clear: 'ごみ箱を空にする',
    },
    payType: {
      _empty: '未指定', grabpay: 'GrabPay', wechat: 'WeChat Pay', alipay: 'Alipay', card: '銀行カード', atm: 'ATM 振込', paynow: 'PayNow',
      fpx: 'FPX オンラインバンキング', promptpay: 'PromptPay', qris: 'QRIS コード決済', va: 'バーチャル口座',
    },
    currency: {
      _empty: '—', USD: '米ドル', EUR: 'ユーロ', JPY: '日本円', GBP: '英ポンド', AUD: '豪ドル', CAD: 'カナダドル',
      CHF: 'スイスフラン', CNY: '人民元', HKD: '香港ドル', NZD: 'ニュージーランドドル', KRW: '韓国ウォン',
      SGD: 'シンガポールドル', NOK: 'ノルウェークローネ', MXN: 'メキシコペソ', INR: 'インドルピー',
      RUB: 'ロシアルーブル', ZAR: '南アフリカランド', TRY: 'トルコリラ', BRL: 'ブラジルレアル',
      TWD: 'ニュー台湾ドル', DKK: 'デンマーククローネ', PLN: 'ポーランドズウォティ', THB: 'タイバーツ',
      IDR: 'インドネシアルピア', HUF: 'ハンガリーフォリント', CZK: 'チェココルナ', ILS: 'イスラエル新シェケル',
      CLP: 'チリペソ', PHP: 'フィリピンペソ', AED: 'UAE ディルハム', COP: 'コロンビアペソ',
      SAR: 'サウジアラビアリヤル', MYR: 'マレーシアリンギット', RON: 'ルーマニアレウ',
    },
    bindType: { article: '記事', pages: '固定ページ' },
    type: { info: '情報', warning: '注意', success: '朗報' },
    inviteMode: { close: 'オフ（コード不要）', open: 'オン（コード任意）', force: '必須（コードが必要）' },
    inviteFormat: { number: '数字のみ', letter: '英字のみ', mix: '英数字' },
    smsMode: { intercept: 'リクエストを遮断', 'force-black': 'IP をブラックリストに登録' },
    smsStrategy: { loose: '緩い（IP + 電話番号 + API）', moderate: '標準（IP + 電話番号）', strict: '厳格（電話番号）' },
    signInStrategy: {
      loose: '緩い（アカウント + パスワード、コード不要）', strict: '厳格（電話番号またはメール + 認証コード）',
    },
  },
  validation: {
    report_date: '日付を YYYY-MM-DD の形式で入力してください',
    report_period: '終了日を開始日より前にすることはできません',
    refund_amount: '返金額は 0 より大きく %{left} %{currency} 以下にしてください',
    refund_over: '返金の合計は支払額を超えられません。残りは最大 %{left} %{currency} です',
    required: '必須項目です',
    min_length: '%{min} 文字以上で入力してください',
    max_length: '%{max} 文字以内で入力してください',
    pattern: '形式が正しくありません',
    min_value: '%{min} 以上の値を入力してください',
    between: '%{min} から %{max} の間で指定してください',
    max_value: '%{max} 以下の値を入力してください',
    decimals: '小数点以下の桁数が多すぎます',
    currency_decimals: "%{currency} の金額は小数点以下 %{digits} 桁までです",
    string: 'テキストを入力してください',
    integer: '整数を入力してください',
    choice: '選択肢から選んでください',
    json: '正しい JSON を入力してください',
    json_too_large: 'JSON が大きすぎるか、入れ子が深すぎます（最大 %{kb} KB、%{depth} 階層）',
    ids: 'ID の一覧の形式が正しくありません',
    ids_missing: '存在しない ID：%{ids}',
    ref_unknown: '%{key} が「%{value}」の行はありません',
    import_status: '取り込む注文の状態は支払待ち・完了・失敗・期限切れのいずれかです',
    import_paid: '完了した注文には支払額と支払日時が必要です。その他の注文には不要です',
    not_bulk: 'この項目は一括で変更できません',
    image_url: '画像のアドレスは http://、https://、// または / で始めてください',
    url: '正しいリンクを入力してください',
    unknown_field: '不明な項目です',
    invalid_type: '値の型が正しくありません',
    invalid_id: 'ID が正しくありません',
    account_length: 'アカウントは 4〜32 文字で入力してください',
    account_pattern: 'アカウントには英字と数字のみ使用できます',
    phone: '正しい携帯電話番号を入力してください',
    email: '正しいメールアドレスを入力してください',
    password_length: 'パスワードは 6〜32 文字で入力してください',
    avatar: 'それ、本当にアバターのアドレスだと思いますか？',
    group_name_required: '権限グループに名前を付けないと、どうやって見分けるのですか？',
    title_required: 'タイトルを入力してください',
    port: 'ポートは 1〜65535 の範囲で入力してください',
    host: '正しいホストを入力してください',
    domain: 'ドメインは http:// または https:// で始まり、/ で終わらないようにしてください',
    directory: '正しいディレクトリパスを入力してください',
    input_invalid: '入力データが正しくありません',
    expire_window: '有効期限は作成から 3 日以内にしてください',
    expire_past: '有効期限は現在より後にしてください',
    key_rules: '権限は ["POST api/receive-money/create"] のようなリストで指定してください',
    key_rules_empty: '権限を 1 つ以上選ぶか、制限しない場合は指定しないでください',
    key_rules_unknown: 'そのような権限はありません：%{rules}',
    key_rules_not_held: '自分が持たない権限をキーに与えることはできません：%{rules}',
    key_rules_or_preset: '権限とプリセットはどちらか一方だけ指定してください',
    reason_required: '理由を入力してください',
    webhook_secret: 'シークレットは whsec_ で始まり、base64 文字が続きます',
    rest_id: '本文の id は URL の id（%{id}）と同じでなければなりません',
    channel_not_ready: '先に決済設定でこのチャネルのキーを設定してください',
    currency_not_taken: '%{channel} は %{currency} を受け付けません',
    whole_units: 'このチャネルは %{currency} を整数額でのみ受け付けます',
    time_zone: '不明なタイムゾーンです',
    period_date: '有効な日付（YYYY-MM-DD）を入力してください',
    period_order: '終了日を開始日より前にはできません',
    period_too_long: '期間は最長 %{days} 日です',
    not_your_group: '共有できるのは自分が所属するグループだけです',
    view_state: 'ビューの内容が不正です：フィルター、列、並び順、表示件数を含みます',
    view_state_param: 'ビューの「%{name}」はこの一覧で使えるフィルターや並び順ではありません',
    view_list: '「%{name}」という一覧はありません',
  },
  actions: {
    settlement: '精算レポート',
    figures: '概要の数値',
    'mfa-sign-in': '2 段階認証でログイン', 'mfa-setup': '2 段階認証の設定を開始', 'mfa-enable': '2 段階認証をオン', 'mfa-reset': '2 段階認証をリセット',
    roll: 'コールバックシークレットを作成・更新', 'end-overlap': '以前のシークレットを停止', refund: '返金', resolve: '例外を処理', test: 'テストコールバックを送信', generate: 'コードを生成',
    'mark-paid': '支払い済みにする', 'mark-failed': '支払い失敗にする', close: '注文を閉じる', resend: 'コールバック再送', revoke: '失効',
    rules: 'キーの権限を限定', choices: 'キーに与えられる権限',
    checkout: '支払い開始', check: '支払い結果の確認', providers: '決済プロバイダー', webhooks: '最新の Webhook',
    take: '表示', find: '検索', rows: '一覧', rand: 'ランダム取得', export: 'エクスポート', create: '作成', save: '保存',
    update: '更新', sort: '並べ替え', restore: '復元', remove: 'ごみ箱へ移動', delete: '完全に削除',
    clear: 'ごみ箱を空にする', flat: '簡易一覧', briefly: '概要', tree: 'ルールツリー', 'group-names': 'グループ名',
    preset: 'プリセットグループ', 'sign-in': 'ログイン', 'sign-code': 'コードでログイン', 'sign-up': '新規登録',
    'reset-password': 'パスワード再設定', 'check-token': 'トークン確認', 'sign-out': 'ログアウト', init: '初期化',
    mine: '自分の権限', upload: 'ファイルのアップロード', toml: '設定の取得', toml_update: '設定の更新',
    cache_clear: 'キャッシュの消去', blocked: 'ブロック中のクライアント', unblock: 'ブロックの解除', groups: '共有できるグループ',
    docs: 'API ドキュメント', docs_json: 'API ドキュメント（JSON）',
    import: 'インポート', 'update-many': '一括編集', 'rest-list': '一覧（simple-rest）', 'rest-one': '表示（simple-rest）', 'rest-create': '作成（simple-rest）', 'rest-update': '更新（simple-rest）', 'rest-patch': '部分更新（simple-rest）', 'rest-delete': '削除（simple-rest）',
  },
  ruleGroups: { 'rate-limits': 'レート制限', dashboard: '概要', comm: 'アカウント', file: 'ファイル', cache: 'キャッシュ', toml: '設定', docs: 'API ドキュメント' },
  /** A system column's label by its kind, for tables whose labels sit in their schema (schema/i18n/inline). */
  system,
  menu: { users: 'ユーザー', flow: '入金', safety: 'セキュリティとアラート', settings: 'システム設定', content: 'コンテンツ' },
  presets: {
    super_admin: { name: 'スーパー管理者', remark: 'すべての権限を持ち、全員のデータを管理できます' },
    operator_all: {
      name: 'オペレーター（全データ）',
      remark: '全員のデータを閲覧・作成・編集し、ごみ箱へ移動できます。個別の完全削除はできません',
    },
    operator_own: { name: 'オペレーター（自分のデータ）', remark: '自分が作成した注文のみ管理し、添付ファイルをアップロードできます' },
    auditor: { name: '監査担当', remark: '閲覧のみ：全員のデータを表示・エクスポートできます' },
  },
};

export default jaJp;
