/** Labels of the settings screen: `settings.<file>.<section>.<field>`, options, expiry choices and regions. */
import type { Catalog, Lang } from '../index';
import enUs from './en-us';
import jaJp from './ja-jp';
import koKr from './ko-kr';
import ruRu from './ru-ru';
import zhCn from './zh-cn';

const settings: Record<Lang, Catalog> = { 'zh-cn': zhCn, 'en-us': enUs, 'ru-ru': ruRu, 'ja-jp': jaJp, 'ko-kr': koKr };
export default settings;
