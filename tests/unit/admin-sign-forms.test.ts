/**
 * The account forms' checks before sending (warnings in the form): each
 * form names the first thing missing or wrong, in the order a person fills it.
 */
import { describe, expect, it } from 'vitest';
import { firstWarning } from '../../admin/common/signForms';
import zh from '../../schema/i18n/admin/zh-cn';
import { lookup, type Catalog } from '../../schema/i18n/index';

const text = (key: string | null) => (key ? lookup(zh as unknown as Catalog, key) : null);
const full = { social: 'a@b.cn', account: 'alice1', password: 'long-enough', AgainPassword: 'long-enough', code: '123456' };

describe('account form checks', () => {
  it('password sign-in needs the account, then the password', () => {
    expect(text(firstWarning('password', {}))).toBe('请输入账号');
    expect(text(firstWarning('password', { account: 'a' }))).toBe('请输入密码');
    expect(firstWarning('password', { account: 'a', password: 'p' })).toBeNull();
  });

  it('code sign-in needs the phone or email, then the code', () => {
    expect(text(firstWarning('code', { code: '1' }))).toBe('请输入手机号码或邮箱');
    expect(text(firstWarning('code', { social: '13800000000' }))).toBe('请输入验证码');
    expect(firstWarning('code', { social: '13800000000', code: '1' })).toBeNull();
  });

  it('sign-up checks every field and that the passwords match and are long enough', () => {
    expect(text(firstWarning('sign-up', { ...full, social: ' ' }))).toBe('请输入手机号码或邮箱');
    expect(text(firstWarning('sign-up', { ...full, account: '' }))).toBe('请输入账号');
    expect(text(firstWarning('sign-up', { ...full, AgainPassword: '' }))).toBe('请再次输入密码');
    expect(text(firstWarning('sign-up', { ...full, AgainPassword: 'other-one' }))).toBe('两次密码不一致');
    expect(text(firstWarning('sign-up', { ...full, password: 'short', AgainPassword: 'short' }))).toBe('密码长度不得小于8位');
    expect(text(firstWarning('sign-up', { ...full, code: '' }))).toBe('请输入验证码');
    expect(firstWarning('sign-up', full)).toBeNull();
  });

  it('a forgotten password needs the phone/email or the account', () => {
    expect(text(firstWarning('forget', { ...full, social: '', account: '' }))).toBe('账户和账号必须填一个');
    expect(firstWarning('forget', { ...full, social: '' })).toBeNull();
    expect(firstWarning('forget', { ...full, account: '' })).toBeNull();
  });
});
