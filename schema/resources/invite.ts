import { defineResource, f } from '../define';

/** Invitation codes for sign-up (SIGN_IN_UP invite mode open|force). */
export const invite = defineResource({
  name: 'invite',
  menu: 'content',
  icon: 'confirmation_number',
  fields: {
    id: f.id(),
    code: f.text({ required: true, max: 32, pattern: /^[A-Za-z0-9]+$/, unique: true, identity: 'exact', filter: true, search: true }),
    usedBy: f.ref({ ref: 'users', readOnly: true, filter: true }),
    usedTime: f.time({ readOnly: true }),
    expireTime: f.time(),
    remark: f.text({ max: 256 }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
