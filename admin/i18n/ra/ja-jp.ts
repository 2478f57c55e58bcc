/** react-admin's own strings in Japanese (no published catalog for react-admin 5). */
const jaJp = {
  ra: {
    action: {
      add_filter: 'フィルターを追加', add: '追加', back: '戻る', bulk_actions: '%{smart_count} 件選択中', cancel: 'キャンセル',
      clear_array_input: 'リストをクリア', clear_input_value: 'クリア', clone: '複製', confirm: '確認', create: '新規作成',
      create_item: '%{item} を作成', delete: '削除', edit: '編集', export: 'エクスポート', list: '一覧', refresh: '更新',
      remove_filter: 'このフィルターを外す', remove_all_filters: 'すべてのフィルターを外す', remove: '外す', reset: 'リセット', save: '保存',
      search: '検索', search_columns: '列を検索', select_all: 'すべて選択', select_all_button: 'すべて選択', select_row: 'この行を選択',
      show: '表示', sort: '並べ替え', undo: '元に戻す', unselect: '選択解除', expand: '展開', close: '閉じる', open_menu: 'メニューを開く',
      close_menu: 'メニューを閉じる', update: '更新', move_up: '上へ', move_down: '下へ', open: '開く', toggle_theme: 'ライト/ダーク切替',
      select_columns: '列', update_application: 'アプリを再読み込み',
    },
    boolean: { true: 'はい', false: 'いいえ', null: ' ' },
    page: {
      create: '%{name}を作成', dashboard: 'ダッシュボード', edit: '%{name} %{recordRepresentation}', error: 'エラーが発生しました', list: '%{name}',
      loading: '読み込み中', not_found: 'ページが見つかりません', show: '%{name} %{recordRepresentation}', empty: '%{name}はまだありません。',
      invite: '追加しますか？', access_denied: 'アクセス拒否', authentication_error: '認証エラー',
    },
    input: {
      file: { upload_several: 'ファイルをドロップするか、クリックして選択してください。', upload_single: 'ファイルをドロップするか、クリックして選択してください。' },
      image: { upload_several: '画像をドロップするか、クリックして選択してください。', upload_single: '画像をドロップするか、クリックして選択してください。' },
      references: { all_missing: '参照データが見つかりません。', many_missing: '一部の参照データが利用できません。', single_missing: '参照データが利用できません。' },
      password: { toggle_visible: 'パスワードを隠す', toggle_hidden: 'パスワードを表示' },
    },
    message: {
      about: '概要', access_denied: 'このページにアクセスする権限がありません', are_you_sure: 'よろしいですか？',
      authentication_error: '認証サーバーがエラーを返したため、資格情報を確認できませんでした。', auth_error: 'トークンの検証中にエラーが発生しました。',
      bulk_delete_content: 'この%{name}を削除しますか？ |||| これら %{smart_count} 件を削除しますか？',
      bulk_delete_title: '%{name}を削除 |||| %{smart_count} 件の%{name}を削除',
      bulk_update_content: '%{name} %{recordRepresentation} を更新しますか？ |||| これら %{smart_count} 件を更新しますか？',
      bulk_update_title: '%{name} %{recordRepresentation} を更新 |||| %{smart_count} 件の%{name}を更新',
      clear_array_input: 'リスト全体をクリアしますか？', delete_content: 'この%{name}を削除しますか？',
      delete_title: '%{name} %{recordRepresentation} を削除', details: '詳細', error: 'クライアントエラーのため、リクエストを完了できませんでした。',
      invalid_form: '入力内容に誤りがあります', loading: 'お待ちください', no: 'いいえ', not_found: 'URL が間違っているか、リンクが無効です。',
      select_all_limit_reached: '件数が多すぎるため、最初の %{max} 件のみ選択しました。', unsaved_changes: '保存されていない変更があります。破棄しますか？',
      yes: 'はい', placeholder_data_warning: 'ネットワークの問題：データを更新できませんでした。',
    },
    navigation: {
      clear_filters: 'フィルターをクリア', no_filtered_results: '現在の条件に一致する%{name}はありません。', no_results: '%{name}はありません',
      no_more_results: '%{page} ページは範囲外です。前のページに戻ってください。', page_out_of_boundaries: '%{page} ページは範囲外です',
      page_out_from_end: '最後のページです', page_out_from_begin: '最初のページです',
      page_range_info: '%{offsetBegin}-%{offsetEnd} / 全 %{total} 件', partial_page_range_info: '%{offsetBegin}-%{offsetEnd} / %{offsetEnd} 件以上',
      current_page: '%{page} ページ', page: '%{page} ページへ', first: '最初のページ', last: '最後のページ', next: '次のページ',
      previous: '前のページ', page_rows_per_page: '表示件数：', skip_nav: 'コンテンツへスキップ',
    },
    sort: { sort_by: '%{field}で%{order}', ASC: '昇順', DESC: '降順' },
    auth: {
      auth_check_error: '続行するにはログインしてください', user_menu: 'プロフィール', username: 'ユーザー名', password: 'パスワード', email: 'メール',
      sign_in: 'ログイン', sign_in_error: 'ログインに失敗しました。もう一度お試しください', logout: 'ログアウト',
    },
    notification: {
      updated: '更新しました |||| %{smart_count} 件更新しました', created: '作成しました', deleted: '削除しました |||| %{smart_count} 件削除しました',
      bad_item: '不正なデータです', item_doesnt_exist: 'データが存在しません', http_error: 'サーバーとの通信エラー',
      data_provider_error: 'データプロバイダーのエラーです。詳細はコンソールを確認してください。', i18n_error: 'この言語の翻訳を読み込めません', canceled: '操作を取り消しました',
      logged_out: 'セッションが終了しました。再度ログインしてください。', not_authorized: 'このリソースへのアクセス権がありません。', application_update_available: '新しいバージョンがあります。',
      offline: 'オフラインのため、データを取得できません。',
    },
    validation: {
      required: '必須です', minLength: '%{min} 文字以上で入力してください', maxLength: '%{max} 文字以内で入力してください', minValue: '%{min} 以上にしてください',
      maxValue: '%{max} 以下にしてください', number: '数値を入力してください', email: 'メールアドレスの形式が正しくありません', oneOf: '次のいずれかにしてください：%{options}',
      regex: '形式が正しくありません（正規表現）：%{pattern}', unique: '一意である必要があります',
    },
    saved_queries: {
      label: '保存した検索', query_name: '検索名', new_label: '現在の検索を保存…', new_dialog_title: '現在の検索を保存',
      remove_label: '保存した検索を削除', remove_label_with_name: '検索「%{name}」を削除', remove_dialog_title: '保存した検索を削除しますか？',
      remove_message: '保存した検索からこの項目を削除しますか？', help: '一覧を絞り込み、この検索を保存できます',
    },
    guesser: { empty: { title: '表示するデータがありません', message: 'データプロバイダーを確認してください' } },
    configurable: {
      customize: 'カスタマイズ', configureMode: 'このページを設定',
      inspector: { title: 'インスペクター', content: '画面の要素にカーソルを合わせて設定します', reset: '設定をリセット', hideAll: 'すべて隠す', showAll: 'すべて表示' },
      Datagrid: { title: 'データ表', unlabeled: '名前のない列 #%{column}' },
      SimpleForm: { title: 'フォーム', unlabeled: '名前のない入力 #%{input}' },
      SimpleList: { title: '一覧', primaryText: '主テキスト', secondaryText: '副テキスト', tertiaryText: '第三テキスト' },
    },
  },
};
export default jaJp;
