import { defineResource, f } from '../define';

/** Article tags. */
export const tags = defineResource({
  name: 'tags',
  menu: 'content',
  icon: 'sell',
  title: 'name',
  fields: {
    id: f.id(),
    name: f.text({ required: true, max: 32, unique: true, search: true, filter: true, sortable: true }),
    avatar: f.image(),
    describe: f.text({ max: 256, list: false }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
