/**
 * How the logs and auth-rules screens put server identifiers into words: the
 * client of a log row as OS and browser, its code with its label, its
 * parameters as indented JSON, and a rule's group and action in the reader's
 * language (through the same polyglot provider the console uses).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ruleActionLabel, ruleGroupLabel, ruleTitleLabel } from '../../admin/screens/auth-rules/labels';
import { codeLabelKey, describeAgent, LABELED_CODES, prettyParams } from '../../admin/screens/logs/describe';
import { catalogs } from '../../schema/i18n/catalogs';
import type { Lang } from '../../schema/i18n/index';

// Our catalogs hold no `ra.*` strings of their own; polyglot only needs the lookup tree.
const translator = (lang: Lang) => polyglotI18nProvider(() => catalogs[lang] as unknown as TranslationMessages, lang).translate;

const AGENTS = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
};

describe('log rows in words', () => {
  it('reads OS and browser out of real user agents', () => {
    expect(describeAgent(AGENTS.chromeWindows)).toEqual({ os: 'Windows 10', browser: 'Chrome 120' });
    expect(describeAgent(AGENTS.safariIphone)).toEqual({ os: 'iOS 17.2', browser: 'Mobile Safari 17' });
    expect(describeAgent(AGENTS.firefoxLinux)).toEqual({ os: 'Linux', browser: 'Firefox 121' });
  });

  it('says nothing about a client that sent no agent or an unrecognisable one', () => {
    expect(describeAgent('')).toEqual({ os: '', browser: '' });
    expect(describeAgent(null)).toEqual({ os: '', browser: '' });
    expect(describeAgent('curl-like-thing')).toEqual({ os: '', browser: '' });
  });

  it('labels the codes 200, 201, 204, 400, 401 and 403 in Chinese and English, and no others', () => {
    const zh = translator('zh-cn');
    const en = translator('en-us');
    expect(LABELED_CODES.map((code) => zh(codeLabelKey(code)!))).toEqual(['成功', '已创建', '无数据', '错误', '未授权', '禁止访问']);
    expect(LABELED_CODES.map((code) => en(codeLabelKey(code)!))).toEqual(['Success', 'Created', 'No data', 'Error', 'Unauthorized', 'Forbidden']);
    expect(codeLabelKey('401')).toBe(codeLabelKey(401));
    expect(codeLabelKey(500)).toBeUndefined();
    expect(codeLabelKey(429)).toBeUndefined();
  });

  it('indents stored JSON parameters and keeps anything else as stored', () => {
    expect(prettyParams('{"account":"bob","password":"***"}')).toBe('{\n  "account": "bob",\n  "password": "***"\n}');
    expect(prettyParams('{"cut": "at the limi')).toBe('{"cut": "at the limi');
    expect(prettyParams(null)).toBe('');
  });
});

describe('rule labels', () => {
  it('names a table group by the table, a route family by its group, and an action by its name', () => {
    const zh = translator('zh-cn');
    const en = translator('en-us');
    expect(ruleGroupLabel(zh, 'users')).toBe('用户');
    expect(ruleGroupLabel(en, 'comm')).toBe('Account');
    expect(ruleActionLabel(en, 'rows')).toBe('List');
    expect(ruleActionLabel(zh, 'sign-in')).toBe(zh('actions.sign-in'));
    expect(ruleActionLabel(zh, 'sign-in')).not.toBe('actions.sign-in');
  });

  it("reads a log's title, the rule it went through, as group and action", () => {
    expect(ruleTitleLabel(translator('en-us'), 'users.rows')).toBe('Users · List');
    expect(ruleTitleLabel(translator('zh-cn'), 'comm.sign-in')).toBe(`${translator('zh-cn')('ruleGroups.comm')} · ${translator('zh-cn')('actions.sign-in')}`);
    expect(ruleTitleLabel(translator('en-us'), '')).toBe('');
  });

  it('shows an identifier no catalog knows as itself, never as a raw key', () => {
    const en = translator('en-us');
    expect(ruleGroupLabel(en, 'plugin-x')).toBe('plugin-x');
    expect(ruleActionLabel(en, 'frobnicate')).toBe('frobnicate');
  });
});
