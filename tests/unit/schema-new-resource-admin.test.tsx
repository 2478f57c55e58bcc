/**
 * The throwaway table of tests/api/schema-new-resource.test.ts in the console:
 * from its schema file (labels inline) and its registry line alone, the
 * generated list shows a stored row's values under the labels written in the
 * schema, and the edit dialog shows each field as an input under its label,
 * holding the row's value.
 *
 * Drawn in node as a server would draw the page: a first pass asks for the
 * data (react-query notes the queries), the fake data provider answers them,
 * and the next pass draws what it answered.
 */
import { QueryClient } from '@tanstack/react-query';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AdminContext, memoryStore, ResourceContextProvider, TestMemoryRouter, type DataProvider, type TranslationMessages } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import EditDialog from '../../admin/form/EditDialog';
import ResourceScreen from '../../admin/list/ResourceScreen';
import { grantedKeys, GrantedProvider } from '../../admin/permissions';
import { ResourcesProvider } from '../../admin/schema';
import { resourceList } from '../../schema';
import type { Resource } from '../../schema/define';
import { areas, catalogs } from '../../schema/i18n/catalogs';
import { inlineLabels } from '../../schema/i18n/inline/labels';
import { mergeCatalogs, type Catalog } from '../../schema/i18n/index';
import { loadSchemaFile } from '../api/schema-new-resource-file';

const LANG = 'en-us';
const READ_USERS = { method: 'GET', route: 'api/users/find', manage: true };
const ROW = { id: 7, code: 'SPRING10', percent: 10, note: 'spring', givenTo: 1, place: 1, ownerId: 1, createTime: 1_700_000_000, updateTime: 1_700_000_000, binnedAt: 0 };

/** Text as a reader sees it: no styles, no tags, entities decoded, spaces folded. */
const text = (html: string) =>
  html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'")
    .replace(/[\s\u2009]+/g, ' ').trim();

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The table's body rows, each as {header text: cell text}. */
function tableRows(html: string): Array<Record<string, string>> {
  const headers = [...html.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1]!));
  const body = /<tbody\b[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...row[1]!.matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]!));
    return Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']).filter(([header]) => header));
  });
}

/** The form's inputs, each under the text of the label that names it (`for` = the input's id). */
function labelledInputs(html: string): Record<string, { type?: string; value?: string }> {
  const inputs = new Map([...html.matchAll(/<input\b[^>]*>/g)].map(([tag]) => [attr(tag, 'id'), { type: attr(tag, 'type'), value: attr(tag, 'value') }]));
  return Object.fromEntries([...html.matchAll(/<label\b([^>]*)>([\s\S]*?)<\/label>/g)]
    .filter(([, attrs]) => inputs.has(attr(attrs!, 'for')))
    .map(([, attrs, label]) => [text(label!), inputs.get(attr(attrs!, 'for'))!]));
}

describe('a new resource in the console', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paydesk-schema-admin-'));
  let coupons: Resource;
  let resources: Resource[];
  let messages: TranslationMessages;
  beforeAll(async () => {
    coupons = await loadSchemaFile(dir);
    // The registry line.
    resources = [...resourceList, coupons];
    // The console's catalog: react-admin's strings, ours, and the labels the schemas carry.
    messages = mergeCatalogs(englishMessages as unknown as Catalog, catalogs[LANG], inlineLabels(resources, LANG, areas.common![LANG])) as TranslationMessages;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Draws `screen` with a data provider that serves ROW, until no query waits; answers the markup and what was asked. */
  async function draw(screen: ReactElement, granted: Array<{ method: string; route: string; manage: boolean }> = [READ_USERS]) {
    const asked: string[] = [];
    const dataProvider = {
      getList: async (resource: string) => { asked.push(`getList ${resource}`); return { data: [ROW], total: 1 }; },
      getOne: async (resource: string, { id }: { id: number }) => { asked.push(`getOne ${resource} ${id}`); return { data: { ...ROW, id } }; },
      // The users a coupon is given to, by their title field (`account`).
      getMany: async (resource: string, { ids }: { ids: number[] }) => {
        asked.push(`getMany ${resource} ${ids}`);
        return { data: ids.map((id) => ({ id, account: id === 1 ? 'admin' : `user${id}` })) };
      },
    } as unknown as DataProvider;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const i18nProvider = polyglotI18nProvider(() => messages, LANG, [{ locale: LANG, name: 'English' }], { allowMissing: true });
    const page = () => (
      <TestMemoryRouter>
        {/* The store names the provider's language, or react-admin waits to switch to it before drawing anything. */}
        <AdminContext
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          store={memoryStore({ locale: LANG })}
          queryClient={queryClient}
          // A dialog draws into a portal, which needs a document; in place, it is in the markup.
          theme={{ components: { MuiDialog: { defaultProps: { disablePortal: true } } } }}
        >
          <ResourcesProvider resources={resources}>
            <GrantedProvider value={grantedKeys([{ method: 'PUT', route: 'api/coupons/update', manage: true }, ...granted])}>
              <ResourceContextProvider value="coupons">{screen}</ResourceContextProvider>
            </GrantedProvider>
          </ResourcesProvider>
        </AdminContext>
      </TestMemoryRouter>
    );
    for (let pass = 0; pass < 5; pass++) {
      const html = renderToStaticMarkup(page());
      // A query the screen holds back (`enabled: false`) is pending too, but nothing would run it.
      const waiting = queryClient.getQueryCache().getAll().filter((query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false);
      if (!waiting.length) return { html, asked };
      await Promise.all(waiting.map((query) => query.fetch()));
    }
    throw new Error('the screen still waits for data after 5 passes');
  }

  it('lists a row with its values under the labels of its schema file, with an edit button', async () => {
    const { html, asked } = await draw(<ResourceScreen />);
    expect(asked).toEqual(['getList coupons', 'getMany users 1']);
    expect(tableRows(html)).toEqual([expect.objectContaining({ ID: '7', 'Coupon code': 'SPRING10', Discount: '10', Note: 'spring', 'Given to': 'admin' })]);
    expect(html).toContain('aria-label="Edit"');
  });

  it('shows a reference as #id, without asking, to a caller who may not read the other table', async () => {
    const { html, asked } = await draw(<ResourceScreen />, []);
    expect(asked).toEqual(['getList coupons']);
    expect(tableRows(html)).toEqual([expect.objectContaining({ 'Coupon code': 'SPRING10', 'Given to': '#1' })]);
  });

  it('edits the row in a dialog: each field an input under its label, holding the row\'s value', async () => {
    const { html, asked } = await draw(<EditDialog resource={coupons} id={ROW.id} onClose={() => {}} />);
    expect(asked).toEqual([`getOne coupons ${ROW.id}`, 'getList users', 'getMany users 1']);
    expect(html).toContain('role="dialog"');
    expect(text(html)).toContain('Edit Coupons');
    expect(labelledInputs(html)).toEqual({
      'Coupon code': { type: 'text', value: 'SPRING10' },
      Discount: { type: 'number', value: '10' },
      Note: { type: 'text', value: 'spring' },
      // A picker of users: its text (the chosen row's title) is filled in once mounted, which a static draw never is;
      // that it asked for the row and for the choices is what shows here.
      'Given to': { type: 'text', value: '' },
    });
  });
});
