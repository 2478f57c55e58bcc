/**
 * The throwaway table of the "a table in three files" tests: the schema file a
 * developer writes, as they would write it (labels inline, system columns
 * under their own names), written to a folder and imported from there. The
 * API test serves it; the admin test draws its screens.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Resource } from '../../schema/define';

const DEFINE = path.resolve(import.meta.dirname, '../../schema/define.ts');

/** The file a developer writes: what `defineResource` and the field builders offer, nothing else. */
const SCHEMA_FILE = `
import { defineResource, f } from ${JSON.stringify(DEFINE)};

export const coupons = defineResource({
  name: 'coupons',
  menu: 'content',
  title: 'code',
  label: { 'zh-cn': '优惠券', 'en-us': 'Coupons', 'ru-ru': 'Купоны', 'ja-jp': 'クーポン', 'ko-kr': '쿠폰' },
  fields: {
    id: f.id(),
    code: f.text({
      required: true, max: 16, pattern: /^[A-Z0-9]+$/, unique: true, search: true, filter: true,
      label: { 'zh-cn': '券码', 'en-us': 'Coupon code', 'ru-ru': 'Код купона', 'ja-jp': 'クーポンコード', 'ko-kr': '쿠폰 코드' },
    }),
    percent: f.number({
      min: 1, max: 90, sortable: true, filter: true,
      label: { 'zh-cn': '折扣', 'en-us': 'Discount', 'ru-ru': 'Скидка', 'ja-jp': '割引', 'ko-kr': '할인' },
    }),
    note: f.text({ max: 64, label: { 'zh-cn': '备注', 'en-us': 'Note', 'ru-ru': 'Заметка', 'ja-jp': 'メモ', 'ko-kr': '메모' } }),
    givenTo: f.ref({ ref: 'users', filter: true, label: { 'zh-cn': '发放给', 'en-us': 'Given to', 'ru-ru': 'Кому выдан', 'ja-jp': '配布先', 'ko-kr': '발급 대상' } }),
    place: f.serial(),
    ownerId: f.owner(),
    ...f.timestamps(),
    binnedAt: f.deleteTime(),
  },
});
`;

/** Writes the schema file into `dir` and imports the resource it defines. */
export async function loadSchemaFile(dir: string): Promise<Resource> {
  const file = path.join(dir, 'coupons.ts');
  fs.writeFileSync(file, SCHEMA_FILE);
  return (await import(pathToFileURL(file).href)).coupons;
}
