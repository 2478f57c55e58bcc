/**
 * Tencent Cloud SMS (`SendSms`, version 2021-01-11) signed with TC3-HMAC-SHA256:
 *   CanonicalRequest = POST \n / \n "" \n CanonicalHeaders \n SignedHeaders \n hex(sha256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n <date>/<service>/tc3_request \n hex(sha256(CanonicalRequest))
 *   key              = hmac(hmac(hmac("TC3" + SecretKey, date), service), "tc3_request")
 *   Signature        = hex(hmac(key, StringToSign))
 * Canonical header names and values are lower-cased; `content-type`, `host`
 * and `x-tc-action` are signed.
 */
import { createHash, createHmac } from 'node:crypto';
import type { CodeSender } from './index';
import { callProvider, endpointUrl, sendFailed, toE164 } from './provider';

export interface TencentSmsOptions {
  sms_sdk_app_id: string;
  secret_id: string;
  secret_key: string;
  endpoint?: string;
  region?: string;
  /** Template id of the verification message; its one parameter is the code. */
  verify_code: string;
  sign_name: string;
}

const ALGORITHM = 'TC3-HMAC-SHA256';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

interface SendSmsAnswer {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: Array<{ Code: string; Message: string }>;
  };
}

export interface Tc3Request {
  service: string;
  /** The headers to sign, by lower-case name (at least `content-type` and `host`). */
  signedHeaders: Record<string, string>;
  body: string;
  /** Epoch seconds, as sent in `X-TC-Timestamp`. */
  timestamp: number;
  secretId: string;
  secretKey: string;
}

/** The `Authorization` header of a POST to `/` without query string. */
export function signTc3(r: Tc3Request): string {
  const date = new Date(r.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${r.service}/tc3_request`;
  const headers = Object.entries(r.signedHeaders)
    .map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signedNames = headers.map(([name]) => name).join(';');
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedNames, sha256(r.body)].join('\n');
  const stringToSign = [ALGORITHM, r.timestamp, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${r.secretKey}`, date), r.service), 'tc3_request');
  return `${ALGORITHM} Credential=${r.secretId}/${scope}, SignedHeaders=${signedNames}, Signature=${hmac(key, stringToSign).toString('hex')}`;
}

export function createTencentSender(options: TencentSmsOptions): CodeSender {
  return {
    async send(to, code) {
      const url = endpointUrl(options.endpoint, 'sms.tencentcloudapi.com');
      const body = JSON.stringify({
        PhoneNumberSet: [toE164(to)],
        SmsSdkAppId: options.sms_sdk_app_id,
        SignName: options.sign_name,
        TemplateId: options.verify_code,
        TemplateParamSet: [code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const authorization = signTc3({
        service: SERVICE,
        signedHeaders: { 'content-type': CONTENT_TYPE, host: url.host, 'x-tc-action': 'SendSms' },
        body,
        timestamp,
        secretId: options.secret_id,
        secretKey: options.secret_key,
      });

      const response = await callProvider('tencent', url, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': '2021-01-11',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': options.region || 'ap-guangzhou',
          Authorization: authorization,
        },
      });
      const answer = ((await response.json().catch(() => ({}))) as SendSmsAnswer).Response;
      // A bad request is an `Error`; an accepted one still reports each number's fate.
      const failure = answer?.Error ?? answer?.SendStatusSet?.find((status) => status.Code !== 'Ok');
      if (!response.ok || !answer?.SendStatusSet || failure) {
        throw sendFailed('tencent', `${response.status} ${failure?.Code ?? 'no answer'} ${failure?.Message ?? ''}`);
      }
    },
  };
}
