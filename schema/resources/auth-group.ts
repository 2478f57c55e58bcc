import { defineResource, f } from '../define';

/** An operator keeps his own saved views of the lists (schema/resources/views.ts); the auditor's preset stays read-only. */
const SAVED_VIEWS = ['GET api/views/*', 'POST api/views/create', 'PUT api/views/update', 'DELETE api/views/delete'];

/**
 * Permission groups: `rules` and `uids` are `|1|2|`
 * lists; `all = 1` grants every rule; `manage = 1` lets members see and change
 * other users' rows; `mfa = 1` requires two-factor sign-in of its members.
 * A locked group's number, scope, all-flag and remark stay as they are.
 */
export const authGroup = defineResource({
  name: 'auth-group',
  menu: 'safety',
  icon: 'group',
  fields: {
    id: f.id(),
    name: f.text({ required: true, max: 24, search: true, filter: true, messages: { required: 'validation.group_name_required' } }),
    no: f.text({ max: 32, pattern: /^[\w\-. ]*$/, search: true, filter: true }),
    manage: f.flag(),
    all: f.flag(),
    /** Members must sign in with a second factor: without one they are sent to enrol before any token. */
    mfa: f.flag({ list: false }),
    rules: f.ids({ ref: 'auth-rules' }),
    uids: f.ids({ ref: 'users', filter: ['like'] }),
    remark: f.text({ max: 256 }),
    lock: f.lock(),
    serial: f.serial(),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  order: 'serial asc, id asc',
  locked: ['no', 'manage', 'all', 'remark'],
  extras: {
    preset: {
      kind: 'presets',
      presets: [
        { no: 'super-admin', name: 'presets.super_admin.name', manage: 1, all: 1, remark: 'presets.super_admin.remark', rules: [] },
        {
          no: 'operator-all', name: 'presets.operator_all.name', manage: 1, all: 0, remark: 'presets.operator_all.remark',
          rules: ['GET api/*/*', 'POST api/*/*', 'PUT api/*/*', 'DELETE api/*/remove', 'DELETE api/*/clear'],
        },
        {
          no: 'operator-own', name: 'presets.operator_own.name', manage: 0, all: 0, remark: 'presets.operator_own.remark',
          rules: ['GET api/receive-money/*', 'POST api/receive-money/*', 'PUT api/receive-money/*', 'DELETE api/receive-money/remove', 'GET api/refunds/*', 'GET api/order-exceptions/*', 'GET api/callbacks/*', 'POST api/file/upload', ...SAVED_VIEWS, 'GET api/dashboard/*'],
        },
        {
          no: 'auditor', name: 'presets.auditor.name', manage: 1, all: 0, remark: 'presets.auditor.remark',
          rules: ['GET api/*/take', 'GET api/*/find', 'GET api/*/rows', 'GET api/*/export', 'GET api/receive-money/settlement', 'GET api/dashboard/*'],
        },
      ],
    },
  },
});
