import { defineResource, f } from '../define';

/** Site notices shown for a period. */
export const placard = defineResource({
  name: 'placard',
  menu: 'content',
  icon: 'campaign',
  fields: {
    id: f.id(),
    title: f.text({ required: true, max: 64, search: true, filter: true, messages: { required: 'validation.title_required' } }),
    type: f.select({ options: ['info', 'warning', 'success'], default: 'info' }),
    content: f.text({ long: true, max: 5000 }),
    top: f.flag(),
    startTime: f.time(),
    endTime: f.time(),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
});
