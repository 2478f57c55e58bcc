import enUs from './en-us';
import jaJp from './ja-jp';
import koKr from './ko-kr';
import ruRu from './ru-ru';
import zhCn from './zh-cn';

export default { 'zh-cn': zhCn, 'en-us': enUs, 'ru-ru': ruRu, 'ja-jp': jaJp, 'ko-kr': koKr };
