import { defineResource, f } from '../define';

/** Membership levels reached by experience points. */
export const level = defineResource({
  name: 'level',
  menu: 'content',
  icon: 'military_tech',
  fields: {
    id: f.id(),
    name: f.text({ required: true, max: 32, search: true, filter: true }),
    value: f.number({ min: 0, sortable: true, filter: true }),
    describe: f.text({ max: 256, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  order: 'value asc',
});
