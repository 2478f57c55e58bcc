/**
 * Labels every screen shares: resources and their fields, select options,
 * validation messages, permission-rule actions, menu groups and group presets.
 */
import type { Catalog, Lang } from '../index';
import enUs from './en-us';
import jaJp from './ja-jp';
import koKr from './ko-kr';
import ruRu from './ru-ru';
import zhCn from './zh-cn';

const common: Record<Lang, Catalog> = { 'zh-cn': zhCn, 'en-us': enUs, 'ru-ru': ruRu, 'ja-jp': jaJp, 'ko-kr': koKr };
export default common;

export { optionLabelKey } from '../index';
