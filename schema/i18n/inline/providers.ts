/**
 * The labels each payment provider carries in its declaration
 * (schema/providers/), as the catalog keys the console, the server and the
 * settings screen read: a new provider needs no line in the catalogs.
 */
import { PAY_PROVIDER_DECLARATIONS } from '../../providers';
import type { Catalog, Lang } from '../index';

export function providerLabels(lang: Lang): Catalog {
  const channel: Catalog = {};
  const notifyChannel: Catalog = {};
  const actions: Catalog = {};
  const sections: Catalog = {};
  const fields: Catalog = {};
  const options: Catalog = {};
  const validation: Catalog = {};
  const errors: Catalog = {};
  for (const [name, declared] of Object.entries(PAY_PROVIDER_DECLARATIONS)) {
    const labels = declared.labels[lang];
    channel[name] = labels.channel;
    notifyChannel[declared.section] = labels.channel;
    actions[`notify-${declared.section}`] = labels.notify;
    sections[declared.section] = labels.section;
    fields[declared.section] = { ...labels.fields };
    if ('options' in labels) Object.assign(options, labels.options);
    if ('validation' in labels) Object.assign(validation, labels.validation);
    if ('errors' in labels) Object.assign(errors, labels.errors);
  }
  return {
    options: { channel, notifyChannel: { _empty: '—', ...notifyChannel } },
    actions,
    validation,
    errors,
    settings: { sections: { pay: sections }, pay: fields, options },
  };
}
