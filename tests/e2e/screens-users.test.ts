/**
 * The users screen in Chromium against the real server (issue 7): the status
 * switch bans a user at once and their token stops working; a refused switch
 * brings back what the server holds; the dialog's own messages, avatar
 * preview and "blank password keeps the old one".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PNG } from '../fakes/images';
import { consoleSuite, gone, shown, type Lang } from './console';
import { browserMissing, callApi, screenshot } from './harness';

describe.skipIf(browserMissing())('users screen', { timeout: 120_000 }, () => {
  const suite = consoleSuite();
  let page: Page;
  const openSignedIn = async (path: string, lang: Lang = 'zh-cn') => (page = await suite.openSignedIn(path, { lang }));

  async function createUser(account: string, password: string, nickname: string): Promise<number> {
    const created = await callApi<{ id: number }>(suite.server.app, 'POST', '/api/users/create', { account, password, nickname }, suite.token);
    expect(created.code).toBe(201);
    return created.data.id;
  }

  const signIn = (account: string, password: string) => callApi<{ token: { no: string } }>(suite.server.app, 'POST', '/api/comm/sign-in', { account, password });
  const checkToken = (userToken: string) => callApi(suite.server.app, 'POST', '/api/comm/check-token', {}, userToken);

  const row = (text: string) => page.locator('tbody tr', { hasText: text });
  const dialog = () => page.getByRole('dialog');

  it('bans a user with the switch at once, and their next call is refused', async () => {
    await createUser('dave2024', 'dave-pass-1', 'Dave');
    const dave = await signIn('dave2024', 'dave-pass-1');
    expect((await checkToken(dave.data.token.no)).code).toBe(200);

    await openSignedIn('/admin/users');
    const status = row('dave2024').getByRole('switch');
    await shown(row('dave2024').getByText('正常'));
    expect(await status.isChecked()).toBe(true);
    await status.click();
    await shown(page.getByText('用户状态已更新'));
    await shown(row('dave2024').getByText('禁用'));
    expect(await status.isChecked()).toBe(false);
    await screenshot(page, 'screens-users-banned');

    const refused = await checkToken(dave.data.token.no);
    expect(refused.code).toBe(401);
    expect((await signIn('dave2024', 'dave-pass-1')).code).not.toBe(200);

    await status.click();
    await shown(row('dave2024').getByText('正常'));
    await expect.poll(async () => (await signIn('dave2024', 'dave-pass-1')).code).toBe(200);
  });

  it('shows the stored status again when the server refuses the switch', async () => {
    const id = await createUser('frank2024', 'frank-pass-1', 'Frank');
    await openSignedIn('/admin/users');
    await shown(row('frank2024'));
    // Someone else deletes the user while this list is open: the update is refused and the list refreshed.
    expect((await callApi(suite.server.app, 'DELETE', '/api/users/delete', { ids: String(id) }, suite.token)).code).toBe(200);

    await row('frank2024').getByRole('switch').click();
    await shown(page.getByText('资源不存在'));
    await gone(row('frank2024'));
  });

  it('refuses the signed-in operator banning or removing his own account, saying why, in two languages', async () => {
    const own = () => page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    for (const [lang, refusal, active] of [['zh-cn', '不能禁用自己的账号', '正常'], ['en-us', 'You cannot ban your own account', 'Active']] as const) {
      await openSignedIn('/admin/users', lang);
      await shown(own().getByText(active));
      await own().getByRole('switch').click();
      await shown(page.getByText(refusal));
      // The switch shows what the server kept, not the refused change.
      await expect.poll(() => own().getByRole('switch').isChecked()).toBe(true);
      await shown(own().getByText(active));
    }
    await own().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Move to recycle bin' }).click();
    await shown(page.getByText('You cannot remove your own account'));
    await shown(own());
    await screenshot(page, 'screens-users-own-account-en');
    expect((await callApi(suite.server.app, 'POST', '/api/comm/check-token', {}, suite.token)).code).toBe(200);
  });

  it("speaks the schema's messages, previews the avatar, and keeps a password left blank", async () => {
    await createUser('gina2024', 'gina-pass-1', 'Gina');
    await openSignedIn('/admin/users');
    await page.getByRole('button', { name: '新增' }).click();
    const input = (label: string) => dialog().getByLabel(label, { exact: true });
    const expectMessage = async (label: string, value: string, message: string) => {
      await input(label).fill(value);
      await input(label).blur();
      await shown(dialog().getByText(message));
    };
    await expectMessage('账号', 'ab', '账号长度在 4 到 32 个字符');
    await expectMessage('账号', 'ab_cd', '账号只能是字母和数字');
    await expectMessage('手机号码', '12345', '请输入正确的手机号码');
    await expectMessage('邮箱', 'gina@', '请输入正确的邮箱');
    await expectMessage('密码', '123', '密码长度在 6 到 32 个字符');
    await expectMessage('头像', 'ftp://example.com/a.png', '你觉得这个头像地址合理吗？');
    await dialog().getByRole('button', { name: '取消' }).click();

    await row('gina2024').getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => input('账号').inputValue()).toBe('gina2024');
    const preview = dialog().getByRole('img', { name: '头像预览' });
    await dialog().locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await shown(page.getByText('上传成功'));
    const avatar = await input('头像').inputValue();
    expect(avatar).toMatch(/\.png$/);
    await expect.poll(() => preview.getAttribute('src')).toBe(avatar);
    await screenshot(page, 'screens-users-dialog');

    await input('昵称').fill('Gina G');
    expect(await input('密码').inputValue()).toBe('');
    await dialog().getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => row('gina2024').innerText()).toContain('Gina G');
    await shown(row('gina2024').getByRole('img'));
    expect(await row('gina2024').getByRole('img').getAttribute('src')).toBe(avatar);
    expect((await signIn('gina2024', 'gina-pass-1')).code).toBe(200);
  });
});
