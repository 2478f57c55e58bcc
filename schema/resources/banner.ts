import { defineResource, f } from '../define';

/** Slides of the home page carousel. */
export const banner = defineResource({
  name: 'banner',
  menu: 'content',
  icon: 'view_carousel',
  fields: {
    id: f.id(),
    title: f.text({ required: true, max: 64, search: true, filter: true, messages: { required: 'validation.title_required' } }),
    image: f.image({ list: true }),
    url: f.text({ max: 255, pattern: /^(https?:\/\/|\/)\S*$/, messages: { pattern: 'validation.url' } }),
    describe: f.text({ max: 256, list: false }),
    serial: f.serial(),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
  order: 'serial asc, id asc',
});
