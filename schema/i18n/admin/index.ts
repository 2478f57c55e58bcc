/** Strings of the admin console itself (buttons, dialogs, toasts, table settings, account pages). */
import type { Catalog, Lang } from '../index';
import enUs from './en-us';
import jaJp from './ja-jp';
import koKr from './ko-kr';
import ruRu from './ru-ru';
import zhCn from './zh-cn';

const admin: Record<Lang, Catalog> = { 'zh-cn': zhCn, 'en-us': enUs, 'ru-ru': ruRu, 'ja-jp': jaJp, 'ko-kr': koKr };
export default admin;
