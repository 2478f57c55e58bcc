import { defineResource, f } from '../define';

/** Articles of the content site. */
export const article = defineResource({
  name: 'article',
  menu: 'content',
  icon: 'article',
  fields: {
    id: f.id(),
    title: f.text({ required: true, max: 128, search: true, filter: true, sortable: true, messages: { required: 'validation.title_required' } }),
    abstract: f.text({ max: 256, list: false }),
    content: f.text({ long: true, max: 200000 }),
    covers: f.image({ max: 512 }),
    tags: f.ids({ ref: 'tags', filter: ['like'] }),
    views: f.number({ min: 0, sortable: true, filter: true }),
    top: f.flag(),
    audit: f.flag({ default: 1 }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
