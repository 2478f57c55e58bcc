/** Strings of the admin console itself, Japanese. */
import type { AdminCatalog } from './zh-cn';

const jaJp: AdminCatalog = {
  admin: {
    titles: { admin_index: '管理トップ', sign_in: 'ログイン', sign_up: '新規登録', sign_forget: 'パスワードを忘れた', not_found: 'ページが見つかりません' },
    not_found: { title: 'ページが見つかりません', text: 'お探しのページは削除されたか、名前が変更されたか、一時的に利用できない可能性があります。', home: 'ホームへ戻る' },
    no_access: { title: 'このページを表示する権限がありません', text: 'あなたの権限グループではこのページは許可されていません。', none: 'あなたの権限グループではまだどのページも許可されていません。管理者に連絡してください。', open_first: '表示できるページを開く' },
    copy: { button: 'コピー', done: 'コピーしました', unsupported: 'このブラウザはコピーに対応していません', failed: 'コピーに失敗しました' },
    a11y: { menu: 'メインメニュー', page_progress: 'ページの読み込み状況' },
    buttons: {
      add: '新規追加', edit: '編集', remove: 'ごみ箱へ移動', restore: '復元', destroy: '完全に削除', clear: 'ごみ箱を空にする',
      export: 'エクスポート', refresh: '更新', all: 'すべて', trash: 'ごみ箱', filters: 'フィルター', settings: '表の設定',
    },
    list: { keyword: 'キーワード', any: 'すべて', auto_search: '自動検索', actions: '操作', date_placeholder: '年-月-日', pick_date: '日付を選択', range_from: '%{field}（から）', range_to: '%{field}（まで）' },
    settings: {
      title: '表の設定', views: '表示', sort: '並べ替え', config: '設定', sort_field: '並べ替え項目',
      pin_left: '左', pin_none: 'なし', pin_right: '右', reset: '初期設定に戻す',
      move_up: '%{name}を上へ移動', move_down: '%{name}を下へ移動', pin_of: '%{name}の固定位置',
      date_simple: '簡易（日付と分）', date_detailed: '詳細（日付と秒）', date_ymd: '年-月-日',
    },
    confirm: {
      title: 'この操作は取り消せません', destroy: '選択した %{smart_count} 件を完全に削除しますか？元に戻せません。',
      clear: 'ごみ箱を空にしますか？中のデータは完全に削除されます。', yes: '後悔しない', no: 'もう少し考える',
    },
    notify: { created: '追加しました', saved: '保存しました', removed: 'ごみ箱へ移動しました', restored: '復元しました', destroyed: '完全に削除しました', cleared: 'ごみ箱を空にしました' },
    form: { create_title: '%{name}を追加', edit_title: '%{name}を編集', password_keep: '空欄のままならパスワードは変わりません' },
    prompt: { invalid: '入力データが無効です' },
    upload: { button: 'アップロード', success: 'アップロードしました', failed: 'アップロードに失敗しました', error: 'アップロードエラー', none: '添付ファイルはありません', progress: 'アップロードの進捗' },
    pay_link: {
      title: '注文を作成しました', content: '支払いリンクを支払者に送ってください：', copy: '支払いリンクをコピー', later: 'あとで',
      copied: '支払いリンクをコピーしました', copy_failed: 'コピーに失敗しました',
    },
    sign: {
      fields: { social: '電話番号またはメール', account: 'アカウント', password: 'パスワード', AgainPassword: 'パスワード（確認）', code: '認証コード', invite: '招待コード（任意）' },
      by_password: 'パスワードでログイン', by_code: '認証コードでログイン', submit_sign_in: 'ログイン', submit_sign_up: '登録',
      send_code: 'コードを送信', resend_in: '%{seconds} 秒後に再送信', code_sent: '認証コードを送信しました', reset_done: 'パスワードを再設定しました',
      need_account: 'アカウントを入力してください', need_password: 'パスワードを入力してください', need_social: '電話番号またはメールを入力してください', need_code: '認証コードを入力してください',
      need_again: 'パスワードをもう一度入力してください', passwords_differ: 'パスワードが一致しません', password_short: 'パスワードは 8 文字以上にしてください',
      need_social_or_account: '電話番号/メールかアカウントのどちらかを入力してください',
      need_invite: '招待コードを入力してください', invite_required: '招待コード', code_only: 'このサイトは電話番号またはメールに届くコードでログインします',
      sign_up_closed: '新規登録は受け付けていません', sign_up_closed_text: '現在、新しいアカウントの登録を受け付けていません。アカウントをお持ちの方はログインしてください。',
    },
    screens: {
      invite: { generate: 'コードを生成', count: '生成数', count_hint: '1〜%{max} 件。長さと形式は登録設定に従います' },
      settings: {
        tabs: { security: 'セキュリティ', services: 'サイト・SMS・キャッシュ・ストレージ' },
        clear_cache: 'キャッシュをクリア',
        rows: {
          SYSTEM_SAFETY_API: {
            _: 'API セキュリティ',
            key: 'API キー（空欄なら自動生成）',
            sign: 'リクエスト署名',
            paging: { _: 'ページング', enable: '1 ページの件数を制限', limit: '1 ページの最大件数' },
            qps: {
              _: 'リクエスト頻度',
              block: { _: 'ブロック', enable: '違反を繰り返すクライアントをブロック', count: 'ブロックまでの違反回数', second: '集計・ブロック期間（秒）' },
              limit: { _: 'レート制限', enable: 'レート制限を有効にする', global: '毎秒のリクエスト数（API 全体）', point: '毎秒のリクエスト数（ルートごと）' },
            },
          },
          SAFETY_SMS: {
            _: 'SMS セキュリティ',
            brush: {
              _: '連投防止',
              enable: '有効',
              plan: { _: '対処', mode: '対処方法', second: 'ブロックまたはブラックリスト期間（秒）' },
              rule: { _: 'ルール', strategy: '集計方法', second: '集計期間（秒）', count: '期間内の最大回数' },
            },
            burst: {
              _: '急増防止',
              enable: '有効',
              plan: { _: '対処', mode: '対処方法', second: 'ブロックまたはブラックリスト期間（秒）' },
              rule: { _: 'ルール', strategy: '集計方法', second: '集計期間（秒）', count: '期間内の最大回数' },
            },
          },
          SIGN_IN_UP: {
            _: 'ログインと登録',
            sign_in: { _: 'ログイン', unique: 'ユーザーごとに 1 セッション（ログインで他のセッションを終了）', strategy: 'ログイン方式' },
            sign_up: {
              _: '登録',
              allow: '登録を許可',
              invite: { _: '招待コード', mode: '招待モード', length: 'コードの長さ', format: 'コードの形式' },
              auth_group_ids: '新規ユーザーの既定の権限グループ',
            },
          },
          SITE_INFO: {
            _: 'サイト情報',
            title: 'サイトタイトル',
            date: '開設日',
            avatar: 'サイトロゴ',
            favicon: 'ファビコン',
            keyword: 'キーワード（| 区切り）',
            describe: '概要',
            description: '説明（検索エンジン向け）',
            copy: { _: 'ICP 登録', code: 'ICP 登録番号', link: '照会リンク' },
            police: { _: '公安登録', code: '公安登録番号', link: '照会リンク' },
          },
        },
      },
      test: {
        title: 'テストページ',
        comment: 'コメント',
        placeholder: '何か書いてみましょう…',
        counter: '%{count} / %{max}',
        menu: 'その他の操作',
        favourite: 'お気に入りに追加',
        unfavourite: 'お気に入りから削除',
        favourited: 'お気に入り済み',
        favourite_added: 'お気に入りに追加しました', favourite_removed: 'お気に入りから削除しました',
      },
      'auth-group': {
        up: '上へ移動', down: '下へ移動', presets: 'プリセットから作成', all_rules: 'すべての権限を持つため、ルールを選ぶ必要はありません',
        expand: '%{name}を展開', collapse: '%{name}を折りたたむ', member_search: 'ニックネーム・電話番号・メールで検索', no_users: '該当するユーザーがいません',
      },
      'receive-money': { no_channel: 'この通貨で使える支払い方法はありません' },
      users: { status_saved: 'ユーザーの状態を更新しました', avatar_preview: 'アバターのプレビュー' },
      logs: {
        details: '詳細', title: '操作ログの詳細', user: 'ユーザー', guest: 'ゲスト（未ログイン）', os: 'OS', browser: 'ブラウザー', time: '日時', unknown: '不明',
        codes: { 200: '成功', 201: '作成済み', 204: 'データなし', 400: 'エラー', 401: '未認証', 403: 'アクセス禁止' },
      },
      'auth-rules': { open_api: 'API ドキュメント' },
    },
  },
};
export default jaJp;
