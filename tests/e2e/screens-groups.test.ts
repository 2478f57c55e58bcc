/**
 * The permission groups screen in Chromium against the real server (issue 7):
 * a group built from a preset, with rules picked in the tree and a member
 * picked from the users, moved up the list; the member then sees exactly the
 * screens and buttons those rules grant. A locked group keeps its fixed fields.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite, gone, landedOnOverview, shown, type Lang } from './console';
import { browserMissing, callApi, screenshot } from './harness';

interface Group {
  id: number;
  name: string;
  no: string;
  rules: string;
  uids: string;
}
interface TreeRule {
  id: number;
  method: string;
  route: string;
}

describe.skipIf(browserMissing())('permission groups screen', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  const newPage = async (lang: Lang) => (page = await suite.newPage({ lang }));
  const openSignedIn = async (path: string, lang: Lang = 'zh-cn') => (page = await suite.openSignedIn(path, { lang }));

  const rowTexts = () => page.locator('tbody tr').allInnerTexts();
  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const dialog = () => page.getByRole('dialog');
  const groups = async () => (await callApi<{ rows: Group[] }>(suite.server.app, 'GET', '/api/auth-group/rows?limit=50', undefined, suite.token)).data.rows;
  const ruleIds = async (match: (rule: TreeRule) => boolean) => {
    const tree = await callApi<Array<{ children: TreeRule[] }>>(suite.server.app, 'GET', '/api/auth-rules/tree', undefined, suite.token);
    return tree.data.flatMap((g) => g.children).filter(match).map((rule) => rule.id);
  };
  const pipes = (value: string) => value.split('|').filter(Boolean).map(Number).sort((a, b) => a - b);

  it('builds a group from a preset, picks rules and a member, moves it up, and the member sees exactly what it grants', async () => {
    const member = await callApi<{ id: number }>(suite.server.app, 'POST', '/api/users/create', { account: 'mia2024', password: 'mia-pass-123', nickname: 'Mia', email: 'mia@example.com' }, suite.token);
    expect(member.code).toBe(201);
    await callApi(suite.server.app, 'POST', '/api/auth-group/create', { name: 'Support' }, suite.token);

    await openSignedIn('/admin/auth-group');
    await shown(row('Support'));
    await page.getByRole('button', { name: '从预设新建' }).click();
    await page.getByRole('menuitem', { name: /运营（本人数据）/ }).click();
    await shown(dialog().getByText('新增权限分组'));
    expect(await dialog().getByLabel('分组名称').inputValue()).toBe('运营（本人数据）');
    expect(await dialog().getByLabel('分组编号').inputValue()).toBe('operator-own');
    expect(await dialog().getByLabel('备注').inputValue()).toBe('只管理自己创建的订单，可上传附件');

    // The preset grants some of the orders' rules: that branch is half-checked.
    const orders = dialog().getByRole('checkbox', { name: '流水页面', exact: true });
    await expect.poll(() => orders.getAttribute('data-indeterminate')).toBe('true');
    // Drop the orders export, and take the whole logs branch at once.
    await dialog().getByRole('button', { name: '展开流水页面' }).click();
    const ordersExport = dialog().getByRole('checkbox', { name: /GET api\/receive-money\/export/ });
    expect(await ordersExport.isChecked()).toBe(true);
    await ordersExport.uncheck();
    const logs = dialog().getByRole('checkbox', { name: '操作记录', exact: true });
    expect(await logs.isChecked()).toBe(false);
    await logs.check();
    await dialog().getByRole('button', { name: '展开操作记录' }).click();
    expect(await dialog().getByRole('checkbox', { name: /GET api\/logs\/rows/ }).isChecked()).toBe(true);

    await dialog().getByLabel('分组名称').fill('Cashiers');
    // Typed key by key, each after the search's 300 ms pause: the box keeps every letter.
    await dialog().getByLabel('成员').pressSequentially('mia', { delay: 400 });
    await shown(page.getByRole('option', { name: /Mia/ }));
    expect(await dialog().getByLabel('成员').inputValue()).toBe('mia');
    await page.getByRole('option', { name: /Mia/ }).click();
    await shown(dialog().getByRole('button', { name: 'Mia' }));
    await screenshot(page, 'admin-group-dialog');
    await dialog().getByRole('button', { name: '保存', exact: true }).click();
    await gone(dialog());

    await shown(row('Cashiers'));
    const before = await rowTexts();
    const at = before.findIndex((text) => text.includes('Cashiers'));
    expect(before[at - 1]).toContain('Support');
    await row('Cashiers').getByRole('button', { name: '上移' }).click();
    await expect.poll(async () => (await rowTexts()).findIndex((text) => text.includes('Cashiers'))).toBe(at - 1);
    expect((await rowTexts())[at]).toContain('Support');

    const saved = (await groups()).find((g) => g.name === 'Cashiers')!;
    expect(saved.no).toBe('operator-own');
    expect(pipes(saved.uids)).toEqual([member.data.id]);
    // What the preset offered, less the orders export, plus every logs rule.
    const preset = (await callApi<Array<{ no: string; rules: string }>>(suite.server.app, 'GET', '/api/auth-group/preset', undefined, suite.token)).data.find((p) => p.no === 'operator-own')!;
    const [exportId] = await ruleIds(({ route }) => route === 'api/receive-money/export');
    // Every rule of the logs branch: its generic routes and its simple-rest ones.
    const logsIds = await ruleIds(({ route }) => route.startsWith('api/logs/') || route === 'api/rest/logs' || route.startsWith('api/rest/logs/'));
    const expected = [...pipes(preset.rules).filter((id) => id !== exportId), ...logsIds].sort((a, b) => a - b);
    expect(pipes(saved.rules)).toEqual(expected);

    // The member, in a browser of their own, signs in and sees just the overview, orders, their callbacks and refunds, logs and keys.
    await suite.context.close();
    await newPage('zh-cn');
    await page.goto(`${suite.server.url}/#/common/sign-in`);
    await page.getByLabel('账号').fill('mia2024');
    await page.getByLabel('密码', { exact: true }).fill('mia-pass-123');
    await page.getByRole('button', { name: '登录' }).click();
    await landedOnOverview(page);
    await page.goto(`${suite.server.url}/#/admin/receive-money`);
    await shown(page.getByRole('button', { name: '新增' }));
    await expect.poll(() => page.getByRole('navigation').getByRole('listitem').allInnerTexts()).toEqual(['概览', '流水页面', '订单异常', '商户回调', '退款', '操作记录', 'API 密钥']);
    await gone(page.getByRole('button', { name: '导出' }));
  });

  it('keeps a locked group\'s number, scope, all-flag and remark read-only, and asks for a name', async () => {
    await openSignedIn('/admin/auth-group');
    await row('super-admin').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => dialog().getByLabel('分组编号').inputValue()).toBe('super-admin');
    for (const label of ['分组编号', '可管理他人数据', '拥有全部权限', '备注']) {
      expect(await dialog().getByLabel(label).isDisabled(), label).toBe(true);
    }
    expect(await dialog().getByLabel('分组名称').isDisabled()).toBe(false);
    // All permissions: the tree has nothing to choose.
    await shown(dialog().getByText('已拥有全部权限，无需勾选接口规则'));
    expect(await dialog().getByRole('checkbox', { name: '用户', exact: true }).isDisabled()).toBe(true);

    await dialog().getByLabel('分组名称').fill('');
    await dialog().getByRole('button', { name: '保存', exact: true }).click();
    await shown(dialog().getByText('你不起个权限分组名称，怎么去做区分？'));
    await dialog().getByLabel('分组名称').fill('Root');
    await dialog().getByRole('button', { name: '保存', exact: true }).click();
    await gone(dialog());
    await shown(row('Root'));
    expect((await groups()).find((g) => g.no === 'super-admin')?.name).toBe('Root');
  });

  it('reads in English at 1280 px: presets, tree in menu order and ordering buttons', async () => {
    for (const name of ['Auditors EN', 'Support EN']) await callApi(suite.server.app, 'POST', '/api/auth-group/create', { name }, suite.token);
    page = await suite.openSignedIn('/admin/auth-group', { lang: 'en-us', viewport: { width: 1280, height: 800 } });
    await shown(row('Support EN').getByRole('button', { name: 'Move down' }));
    // The first group cannot move up, the last cannot move down; each pair sits on one line.
    const rows = page.locator('tbody tr');
    const up = (at: number) => rows.nth(at).getByRole('button', { name: 'Move up' });
    const down = (at: number) => rows.nth(at).getByRole('button', { name: 'Move down' });
    const count = await rows.count();
    expect(count).toBeGreaterThan(2);
    // Once the ends are known the middle rows can go both ways; the ends cannot go out.
    await expect.poll(() => down(0).isDisabled()).toBe(false);
    await expect.poll(() => up(count - 1).isDisabled()).toBe(false);
    expect(await up(0).isDisabled()).toBe(true);
    expect(await down(count - 1).isDisabled()).toBe(true);
    expect(await up(1).isDisabled()).toBe(false);
    expect(await down(1).isDisabled()).toBe(false);
    for (let at = 0; at < count; at++) expect((await up(at).boundingBox())!.y).toBe((await down(at).boundingBox())!.y);

    await page.getByRole('button', { name: 'New from preset' }).click();
    await page.getByRole('menuitem', { name: /Auditor/ }).click();
    await shown(dialog().getByText('Permission groups'));
    // The tree's branches in the side menu's order, then the account routes and the rest.
    const branches = dialog().getByRole('button', { name: /^Expand / });
    await shown(branches);
    const names = (await branches.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')))).map((label) => label!.replace(/^Expand /, ''));
    expect(names.slice(0, 8)).toEqual(['Users', 'Payment records', 'Order events', 'Order exceptions', 'Payment notifications', 'Merchant callbacks', 'Refunds', 'Permission groups']);
    expect(names.indexOf('Account')).toBeGreaterThan(names.indexOf('Invitation codes'));
    await screenshot(page, 'admin-group-dialog-en-1280');
    expect(await dialog().getByLabel('Group number').inputValue()).toBe('auditor');
    await dialog().getByRole('button', { name: 'Expand Users' }).click();
    expect(await dialog().getByRole('checkbox', { name: /GET api\/users\/rows/ }).isChecked()).toBe(true);
    expect(await dialog().getByRole('checkbox', { name: /POST api\/users\/create/ }).isChecked()).toBe(false);
    await dialog().getByLabel('Members').fill('zz-nobody');
    await shown(page.getByText('No matching users'));
  });
});
