/**
 * Aliyun SMS (Dysmsapi `SendSms`, version 2017-05-25) signed with Aliyun's V3
 * request signature, ACS3-HMAC-SHA256:
 *   CanonicalRequest = METHOD \n URI \n CanonicalQuery \n CanonicalHeaders \n SignedHeaders \n hex(sha256(body))
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(sha256(CanonicalRequest))
 *   Signature        = hex(hmac-sha256(AccessKeySecret, StringToSign))
 * RPC-style parameters travel in the query string; `host` and every
 * `x-acs-*` header are signed.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { CodeSender } from './index';
import { callProvider, endpointUrl, rfc3986, sendFailed } from './provider';

export interface AliyunSmsOptions {
  access_key_id: string;
  access_key_secret: string;
  sign_name: string;
  /** Template code of the verification message; its variable is `${code}`. */
  verify_code: string;
  endpoint?: string;
}

const ALGORITHM = 'ACS3-HMAC-SHA256';
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

export interface Acs3Request {
  host: string;
  action: string;
  version: string;
  query: Record<string, string>;
  accessKeyId: string;
  accessKeySecret: string;
  /** `yyyy-MM-ddTHH:mm:ssZ`, UTC. */
  date: string;
  nonce: string;
}

/** Signs a body-less POST; answers the canonical query string to send and the headers. */
export function signAcs3(r: Acs3Request): { query: string; headers: Record<string, string> } {
  const query = Object.entries(r.query)
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&');
  const headers: Record<string, string> = {
    host: r.host,
    'x-acs-action': r.action,
    'x-acs-version': r.version,
    'x-acs-date': r.date,
    'x-acs-signature-nonce': r.nonce,
    'x-acs-content-sha256': sha256(''),
  };
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    'POST',
    '/',
    query,
    names.map((name) => `${name}:${headers[name]!.trim()}\n`).join(''),
    names.join(';'),
    headers['x-acs-content-sha256'],
  ].join('\n');
  const signature = createHmac('sha256', r.accessKeySecret).update(`${ALGORITHM}\n${sha256(canonicalRequest)}`).digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${r.accessKeyId},SignedHeaders=${names.join(';')},Signature=${signature}`;
  return { query, headers };
}

export function createAliyunSender(options: AliyunSmsOptions): CodeSender {
  return {
    async send(to, code) {
      const url = endpointUrl(options.endpoint, 'dysmsapi.aliyuncs.com');
      const { query, headers } = signAcs3({
        host: url.host,
        action: 'SendSms',
        version: '2017-05-25',
        query: {
          PhoneNumbers: to.replace(/^\+/, ''),
          SignName: options.sign_name,
          TemplateCode: options.verify_code,
          TemplateParam: JSON.stringify({ code }),
        },
        accessKeyId: options.access_key_id,
        accessKeySecret: options.access_key_secret,
        date: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        nonce: randomUUID(),
      });
      const response = await callProvider('aliyun', new URL(`/?${query}`, url), { method: 'POST', headers });
      const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
      // Failures come as HTTP errors (bad signature) or as 200 with another Code (limits, templates).
      if (!response.ok || answer.Code !== 'OK') throw sendFailed('aliyun', `${response.status} ${answer.Code ?? ''} ${answer.Message ?? ''}`);
    },
  };
}
