/** Form facts of the config rows live on their schemas (`schema/config-rows.ts`), their label keys too: the server names fields by them. */
export { configLabelKey } from '../../../schema/config-rows';
