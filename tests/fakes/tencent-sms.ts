/**
 * Fake Tencent Cloud SMS (SendSms 2021-01-11): recomputes the TC3-HMAC-SHA256
 * signature from the signed headers it received, checks the timestamp, the
 * action and version headers and the SendSms fields, and hands the template
 * parameter back. Like Tencent it answers HTTP 200 with `Response.Error`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readBody } from './server';
import { sendJson, startFakeProvider, type FakeSmsProvider } from './sms';

export interface TencentAccount {
  secretId: string;
  secretKey: string;
  smsSdkAppId: string;
  signName: string;
  templateId: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const MAX_SKEW_S = 5 * 60;

export function startFakeTencentSms(account: TencentAccount): Promise<FakeSmsProvider> {
  return startFakeProvider(async (request, response, provider) => {
    const refuse = (code: string) => {
      provider.refused.push(code);
      sendJson(response, 200, { Response: { Error: { Code: code, Message: `fake tencent: ${code}` }, RequestId: 'fake' } });
    };
    const body = await readBody(request);
    const h = (name: string) => String(request.headers[name] ?? '');

    const auth = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/
      .exec(h('authorization'));
    if (!auth) return refuse('AuthFailure.InvalidAuthorization');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as [string, string, string, string, string, string];
    if (secretId !== account.secretId) return refuse('AuthFailure.SecretIdNotFound');
    const timestamp = Number(h('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_SKEW_S) return refuse('AuthFailure.SignatureExpire');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== 'sms') return refuse('AuthFailure.SignatureFailure');
    const signed = signedHeaders.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) return refuse('AuthFailure.SignatureFailure');

    const headers = signed.map((name) => `${name}:${h(name).trim().toLowerCase()}\n`).join('');
    const url = new URL(request.url ?? '/', 'http://fake');
    const canonical = [request.method, url.pathname, url.search.slice(1), headers, signedHeaders, sha256(body)].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(`TC3${account.secretKey}`, date), service), 'tc3_request');
    const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return refuse('AuthFailure.SignatureFailure');

    if (h('x-tc-action') !== 'SendSms') return refuse('InvalidAction');
    if (h('x-tc-version') !== '2021-01-11') return refuse('NoSuchVersion');
    if (!h('x-tc-region')) return refuse('MissingParameter');

    const input = JSON.parse(body.toString('utf8')) as {
      PhoneNumberSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[];
    };
    if (input.SmsSdkAppId !== account.smsSdkAppId) return refuse('InvalidParameterValue.SdkAppIdNotExist');
    if (input.SignName !== account.signName) return refuse('FailedOperation.SignatureIncorrectOrUnapproved');
    if (input.TemplateId !== account.templateId) return refuse('FailedOperation.TemplateIncorrectOrUnapproved');
    const code = input.TemplateParamSet?.[0];
    if (!code) return refuse('InvalidParameterValue.TemplateParameterFormatError');

    const statuses = (input.PhoneNumberSet ?? []).map((phone) => {
      const valid = /^\+\d{6,16}$/.test(phone);
      if (valid) provider.delivered.push({ to: phone, code });
      else provider.refused.push('InvalidParameterValue.IncorrectPhoneNumber');
      return { SerialNo: valid ? 'fake' : '', PhoneNumber: phone, Fee: valid ? 1 : 0, SessionContext: '',
        Code: valid ? 'Ok' : 'InvalidParameterValue.IncorrectPhoneNumber', Message: valid ? 'send success' : 'incorrect number', IsoCode: 'CN' };
    });
    sendJson(response, 200, { Response: { SendStatusSet: statuses, RequestId: 'fake' } });
  });
}
