import { defineResource, f } from '../define';

/** What a revision did to its row: the engine's writes, and `payment` for the money code's own moves. */
export const REVISION_ACTIONS = ['create', 'update', 'remove', 'restore', 'delete', 'payment', 'settings'] as const;

/**
 * Record history: one row per written row, in the transaction of the write
 * (server/engine/revisions.ts): which row, who, when, and each changed
 * field's old and new value, secrets as `***`. Read-only through the API.
 * `uid` is the owner of the row it is about (not who wrote it), so an
 * operator who reads only his own rows reads only their history.
 */
export const revisions = defineResource({
  name: 'revisions',
  label: { 'zh-cn': '修改记录', 'en-us': 'Record history', 'ru-ru': 'История записей', 'ja-jp': '変更履歴', 'ko-kr': '변경 기록' },
  menu: 'safety',
  icon: 'history',
  fields: {
    id: f.id(),
    /** The resource's name (`receive-money`), or `toml:<file>` for a settings file. */
    resource: f.text({ max: 64, filter: true, label: { 'zh-cn': '数据表', 'en-us': 'Table', 'ru-ru': 'Таблица', 'ja-jp': 'テーブル', 'ko-kr': '테이블' } }),
    rowId: f.number({ filter: true, label: { 'zh-cn': '记录 ID', 'en-us': 'Row ID', 'ru-ru': 'ID записи', 'ja-jp': 'レコード ID', 'ko-kr': '레코드 ID' } }),
    action: f.select({ options: REVISION_ACTIONS, optionSet: 'revisionAction', default: 'update', filter: false, sortable: false, label: { 'zh-cn': '操作', 'en-us': 'Action', 'ru-ru': 'Действие', 'ja-jp': '操作', 'ko-kr': '작업' } }),
    /** The signed-in user who wrote it, 0 for none (a job, a provider). */
    userId: f.ref({ ref: 'users', filter: true, label: { 'zh-cn': '操作人', 'en-us': 'By', 'ru-ru': 'Кем', 'ja-jp': '操作者', 'ko-kr': '작업자' } }),
    /** The API key the user wrote it with, 0 for a console session. */
    apiKeyId: f.number({ list: false, label: { 'zh-cn': 'API 密钥', 'en-us': 'API key', 'ru-ru': 'API-ключ', 'ja-jp': 'API キー', 'ko-kr': 'API 키' } }),
    /** Who acted when no user did: `expiry`, a notification's channel, `system`. */
    actor: f.text({ max: 64, label: { 'zh-cn': '来源', 'en-us': 'Source', 'ru-ru': 'Источник', 'ja-jp': '発生元', 'ko-kr': '출처' } }),
    /** `{ field: [old, new] }`; null for a side that did not exist (a create's old, a delete's new). */
    changes: f.json({ label: { 'zh-cn': '变更', 'en-us': 'Changes', 'ru-ru': 'Изменения', 'ja-jp': '変更内容', 'ko-kr': '변경 내용' } }),
    uid: f.owner(),
    // A revision is never updated: its time is when it was written, and every index costs each write one more.
    createTime: f.timestamps().createTime,
  },
  order: 'id desc',
  indexes: [['resource', 'rowId']],
  actions: { create: false, save: false, update: false, remove: false, delete: false, rand: false },
  // Written in every write's transaction, outside the engine's own writes of this table.
  cacheReads: false,
});
