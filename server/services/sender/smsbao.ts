/**
 * SMSBao (短信宝): `GET <base_url>/sms?u=<account>&p=<md5 of the key>&m=<phone>&c=<text>`.
 * It answers `0` when the message is accepted and an error number otherwise
 * (30 wrong password, 40 no such account, 41 no balance, 43 IP refused,
 * 50 text refused, 51 bad number).
 */
import { createHash } from 'node:crypto';
import type { CodeSender } from './index';
import { callProvider, endpointUrl, sendFailed } from './provider';

export interface SmsBaoOptions {
  account: string;
  api_key: string;
  sign_name: string;
  base_url?: string;
}

/**
 * SMSBao has no templates: it delivers text that matches one the operator
 * registered with it, signature first. Its numbers are mainland ones, so the
 * text is the Chinese one it expects.
 */
const text = (signName: string, code: string) => `【${signName}】您的验证码是${code}。若非本人操作请忽略本短信。`;

export function createSmsBaoSender(options: SmsBaoOptions): CodeSender {
  return {
    async send(to, code) {
      const url = new URL('sms', `${endpointUrl(options.base_url, 'api.smsbao.com').href.replace(/\/?$/, '/')}`);
      url.search = new URLSearchParams({
        u: options.account,
        p: createHash('md5').update(options.api_key).digest('hex'),
        m: to.replace(/^\+86/, ''),
        c: text(options.sign_name, code),
      }).toString();
      const response = await callProvider('smsbao', url, { method: 'GET' });
      const answer = (await response.text()).trim();
      if (!response.ok || answer !== '0') throw sendFailed('smsbao', `${response.status} ${answer.slice(0, 40)}`);
    },
  };
}
