/**
 * The area of labels written in the schemas themselves (labels.ts) and in the
 * payment providers' declarations (providers.ts), for every language: merged
 * with the catalog areas like any other, and checked by the same completeness
 * tests.
 */
import { resourceList } from '../../index';
import common from '../common';
import { LANGS, mergeCatalogs, type Catalog, type Lang } from '../index';
import { inlineLabels } from './labels';
import { providerLabels } from './providers';

const inline = Object.fromEntries(
  LANGS.map((lang) => [lang, mergeCatalogs(inlineLabels(resourceList, lang, common[lang]), providerLabels(lang))]),
) as Record<Lang, Catalog>;
export default inline;
