import { defineResource, EMAIL_PATTERN, f } from '../define';

/** Readers' comments on articles and pages. */
export const comment = defineResource({
  name: 'comment',
  menu: 'content',
  icon: 'comment',
  fields: {
    id: f.id(),
    pid: f.number({ min: 0, filter: true, list: false }),
    bindType: f.select({ options: ['article', 'pages'], default: 'article' }),
    bindId: f.number({ min: 0, filter: true }),
    content: f.text({ required: true, max: 512, long: true, search: true }),
    nickname: f.text({ max: 24, search: true, filter: true }),
    email: f.text({ max: 128, pattern: EMAIL_PATTERN, messages: { pattern: 'validation.email' } }),
    url: f.text({ max: 255, pattern: /^https?:\/\/\S+$/, list: false, messages: { pattern: 'validation.url' } }),
    ip: f.text({ max: 64, readOnly: true, filter: true }),
    agent: f.text({ max: 512, long: false, readOnly: true, list: false }),
    audit: f.flag(),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
