/**
 * Tencent Cloud SMS (`SendSms`, version 2021-01-11) signed with TC3-HMAC-SHA256:
 *   CanonicalRequest = POST \n / \n "" \n CanonicalHeaders \n SignedHeaders \n hex(sha256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n <date>/<service>/tc3_request \n hex(sha256(CanonicalRequest))
 *   key              = hmac(hmac(hmac("TC3" + SecretKey, date), service), "tc3_request")
 *   Signature        = hex(hmac(key, StringToSign))
 * Canonical header names and values are lower-cased.
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
const SIGNED_HEADERS = 'content-type;host;x-tc-action';
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

interface SendSmsAnswer {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: Array<{ Code: string; Message: string }>;
  };
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
      const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
      const scope = `${date}/${SERVICE}/tc3_request`;
      const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${url.host.toLowerCase()}\nx-tc-action:sendsms\n`;
      const canonicalRequest = ['POST', '/', '', canonicalHeaders, SIGNED_HEADERS, sha256(body)].join('\n');
      const stringToSign = [ALGORITHM, timestamp, scope, sha256(canonicalRequest)].join('\n');
      const key = hmac(hmac(hmac(`TC3${options.secret_key}`, date), SERVICE), 'tc3_request');
      const signature = hmac(key, stringToSign).toString('hex');

      const response = await callProvider('tencent', url, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': '2021-01-11',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': options.region || 'ap-guangzhou',
          Authorization: `${ALGORITHM} Credential=${options.secret_id}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
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
