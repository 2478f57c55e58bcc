// Filled in by the translation pass; en-us stands in until then.
import enUs from './en-us';
export default enUs;
