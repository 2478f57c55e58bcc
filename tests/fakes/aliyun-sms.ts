/**
 * Fake Aliyun Dysmsapi: checks the V3 signature (ACS3-HMAC-SHA256) the way
 * Aliyun documents it, rejects reused nonces and stale dates, checks the
 * SendSms parameters against the account's sign name and template, and hands
 * the `${code}` template variable back to the test. Answers are shaped like
 * Aliyun's: HTTP errors for authentication, `Code` other than `OK` for
 * business failures.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readBody } from './server';
import { sendJson, startFakeProvider, type FakeSmsProvider } from './sms';

export interface AliyunAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const MAX_SKEW_MS = 15 * 60 * 1000;

export function startFakeAliyunSms(account: AliyunAccount): Promise<FakeSmsProvider> {
  const seenNonces = new Set<string>();
  return startFakeProvider(async (request, response, provider) => {
    const refuse = (status: number, code: string) => {
      provider.refused.push(code);
      sendJson(response, status, { RequestId: 'fake', Code: code, Message: `fake aliyun: ${code}` });
    };
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const h = (name: string) => String(request.headers[name] ?? '');

    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(h('authorization'));
    if (!auth) return refuse(400, 'MissingAuthorization');
    const [, keyId, signedHeaders, signature] = auth as unknown as [string, string, string, string];
    if (keyId !== account.accessKeyId) return refuse(404, 'InvalidAccessKeyId.NotFound');
    const signed = signedHeaders.split(';');
    const common = Object.keys(request.headers).filter((name) => name.startsWith('x-acs-'));
    if (!signed.includes('host') || common.some((name) => !signed.includes(name))) return refuse(400, 'IncompleteSignature');
    if (Math.abs(Date.now() - Date.parse(h('x-acs-date'))) > MAX_SKEW_MS || !/Z$/.test(h('x-acs-date'))) return refuse(400, 'InvalidTimeStamp.Expired');
    if (h('x-acs-content-sha256') !== sha256(body)) return refuse(400, 'ContentSHA256NotMatched');

    const query = [...url.searchParams.entries()]
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .sort()
      .join('&');
    const headers = signed.map((name) => `${name}:${h(name).trim()}\n`).join('');
    const canonical = [request.method, url.pathname, query, headers, signedHeaders, h('x-acs-content-sha256')].join('\n');
    const expected = createHmac('sha256', account.accessKeySecret).update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`).digest('hex');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return refuse(400, 'SignatureDoesNotMatch');

    if (seenNonces.has(h('x-acs-signature-nonce'))) return refuse(400, 'SignatureNonceUsed');
    seenNonces.add(h('x-acs-signature-nonce'));
    if (h('x-acs-action') !== 'SendSms' || h('x-acs-version') !== '2017-05-25') return refuse(400, 'InvalidAction.NotFound');

    const params = url.searchParams;
    if (params.get('SignName') !== account.signName) return refuse(200, 'isv.SMS_SIGNATURE_ILLEGAL');
    if (params.get('TemplateCode') !== account.templateCode) return refuse(200, 'isv.SMS_TEMPLATE_ILLEGAL');
    const to = params.get('PhoneNumbers') ?? '';
    if (!/^\d{6,16}$/.test(to)) return refuse(200, 'isv.MOBILE_NUMBER_ILLEGAL');
    const code = (JSON.parse(params.get('TemplateParam') ?? '{}') as { code?: string }).code;
    if (!code) return refuse(200, 'isv.TEMPLATE_MISSING_PARAMETERS');

    provider.delivered.push({ to, code });
    sendJson(response, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: 'fake' });
  });
}
