import { defineResource, f } from '../define';

/** Friendly links in the site footer. */
export const links = defineResource({
  name: 'links',
  menu: 'content',
  icon: 'link',
  fields: {
    id: f.id(),
    nickname: f.text({ required: true, max: 32, search: true, filter: true }),
    url: f.text({ required: true, max: 255, pattern: /^https?:\/\/\S+$/, messages: { pattern: 'validation.url' } }),
    avatar: f.image(),
    describe: f.text({ max: 256, list: false }),
    serial: f.serial(),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  order: 'serial asc, id asc',
});
