/**
 * Fake SMSBao: `GET /sms?u&p&m&c` with `p` the md5 of the account key,
 * answering `0` or SMSBao's error numbers (30 wrong password, 40 no such
 * account, 50 text refused, 51 bad number). Texts must open with the signature.
 */
import { createHash } from 'node:crypto';
import { startFakeProvider, type FakeSmsProvider } from './sms';

export interface SmsBaoAccount {
  account: string;
  apiKey: string;
  signName: string;
}

export function startFakeSmsBao(account: SmsBaoAccount): Promise<FakeSmsProvider> {
  return startFakeProvider(async (request, response, provider) => {
    const answer = (result: string) => {
      if (result !== '0') provider.refused.push(result);
      response.writeHead(200, { 'content-type': 'text/plain' }).end(result);
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    const q = url.searchParams;
    if (request.method !== 'GET' || url.pathname !== '/sms') return answer('-1');
    if (q.get('u') !== account.account) return answer('40');
    if (q.get('p')?.toLowerCase() !== createHash('md5').update(account.apiKey).digest('hex')) return answer('30');
    const to = q.get('m') ?? '';
    if (!/^1[3-9]\d{9}$/.test(to)) return answer('51');
    const text = q.get('c') ?? '';
    const code = /^【[^】]+】\D*(\d{4,8})/.exec(text)?.[1];
    if (!text.startsWith(`【${account.signName}】`) || !code) return answer('50');
    provider.delivered.push({ to, code });
    answer('0');
  });
}
