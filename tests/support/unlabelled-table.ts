/**
 * The README's "Adding a table" FAQ written without any label: what a
 * developer has right after the schema file and the registry line. The API
 * and browser tests serve it beside the registry to see that nothing reads
 * as a raw key (`resources.faq.fields.question`) until it is labelled.
 */
import { resourceList } from '../../schema';
import { defineResource, f, type Resource } from '../../schema/define';

export const unlabelledFaq = defineResource({
  name: 'faq',
  menu: 'content',
  fields: {
    id: f.id(),
    question: f.text({ required: true, max: 128, search: true, filter: true, sortable: true, list: true }),
    answer: f.text({ long: true, max: 5000 }),
    attachments: f.files(),
    serial: f.serial(),
    uid: f.owner(),
    ...f.timestamps(),
    deleteTime: f.deleteTime(),
  },
}) as unknown as Resource;

/** The registry with the unlabelled table added, as `resources` of buildApp (with `syncSchema`: it has no migration). */
export const withUnlabelledFaq: readonly Resource[] = [...resourceList, unlabelledFaq];
