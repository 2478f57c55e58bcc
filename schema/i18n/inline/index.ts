/**
 * The area of labels written in the schemas themselves (labels.ts), for every
 * language: merged with the catalog areas like any other, and checked by the
 * same completeness tests.
 */
import { resourceList } from '../../index';
import common from '../common';
import { LANGS, type Catalog, type Lang } from '../index';
import { inlineLabels } from './labels';

const inline = Object.fromEntries(LANGS.map((lang) => [lang, inlineLabels(resourceList, lang, common[lang])])) as Record<Lang, Catalog>;
export default inline;
