/**
 * Aliyun SMS (Dysmsapi `SendSms`, version 2017-05-25) signed with Aliyun's V3
 * request signature, ACS3-HMAC-SHA256:
 *   CanonicalRequest = METHOD \n URI \n CanonicalQuery \n CanonicalHeaders \n SignedHeaders \n hex(sha256(body))
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(sha256(CanonicalRequest))
 *   Signature        = hex(hmac-sha256(AccessKeySecret, StringToSign))
 * RPC-style parameters travel in the query string; every `x-acs-*` header and
 * `host` are signed.
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

export function createAliyunSender(options: AliyunSmsOptions): CodeSender {
  return {
    async send(to, code) {
      const url = endpointUrl(options.endpoint, 'dysmsapi.aliyuncs.com');
      const query = Object.entries({
        PhoneNumbers: to.replace(/^\+/, ''),
        SignName: options.sign_name,
        TemplateCode: options.verify_code,
        TemplateParam: JSON.stringify({ code }),
      })
        .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
        .sort()
        .join('&');
      const headers: Record<string, string> = {
        host: url.host,
        'x-acs-action': 'SendSms',
        'x-acs-version': '2017-05-25',
        'x-acs-date': new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        'x-acs-signature-nonce': randomUUID(),
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
      const signature = createHmac('sha256', options.access_key_secret)
        .update(`${ALGORITHM}\n${sha256(canonicalRequest)}`)
        .digest('hex');
      headers.authorization = `${ALGORITHM} Credential=${options.access_key_id},SignedHeaders=${names.join(';')},Signature=${signature}`;

      const response = await callProvider('aliyun', new URL(`/?${query}`, url), { method: 'POST', headers });
      const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
      // Failures come as HTTP errors (bad signature) or as 200 with another Code (limits, templates).
      if (!response.ok || answer.Code !== 'OK') throw sendFailed('aliyun', `${response.status} ${answer.Code ?? ''} ${answer.Message ?? ''}`);
    },
  };
}
