import { defineResource, f } from '../define';

/** Stand-alone pages (about, terms) reached by their key. */
export const pages = defineResource({
  name: 'pages',
  menu: 'content',
  icon: 'description',
  fields: {
    id: f.id(),
    key: f.text({ required: true, max: 64, pattern: /^[a-z0-9-]+$/, unique: true, filter: true, search: true }),
    title: f.text({ required: true, max: 128, search: true, filter: true, sortable: true, messages: { required: 'validation.title_required' } }),
    content: f.text({ long: true, max: 200000 }),
    audit: f.flag({ default: 1 }),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
