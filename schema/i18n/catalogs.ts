/**
 * Every area merged into one catalog per language: the whole vocabulary, for
 * code that may show any string (the server's messages) and for the
 * completeness test. Browsers load less: the pay pages import only their own
 * area, the admin loads one language at a time.
 *
 * Areas are listed explicitly rather than discovered, so a bundler sees plain
 * imports; tests/unit/i18n.test.ts fails when an area folder exists that is
 * missing here.
 */
import admin from './admin';
import common from './common';
import inline from './inline';
import { LANGS, mergeCatalogs, type Catalog, type Lang } from './index';
import pay from './pay';
import server from './server';
import settings from './settings';

export const areas: Record<string, Record<Lang, Catalog>> = { common, inline, server, pay, admin, settings };

export const catalogs = Object.fromEntries(
  LANGS.map((lang) => [lang, mergeCatalogs(...Object.values(areas).map((area) => area[lang]))]),
) as Record<Lang, Catalog>;
