import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/http';
import { createSender, type AliyunSmsOptions, type SmsBaoOptions, type TencentSmsOptions } from '../../server/services/sender';
import { startFakeAliyunSms } from '../fakes/aliyun-sms';
import type { FakeSmsProvider } from '../fakes/sms';
import { startFakeSmsBao } from '../fakes/smsbao';
import { startFakeTencentSms } from '../fakes/tencent-sms';

const PHONE = '13800138000';

/** A refused send must be the generic 503 and must not carry any of the given secrets. */
async function expectSmsFailed(sending: Promise<void>, ...secrets: string[]) {
  const failure = await sending.then(() => null, (error: unknown) => error);
  expect(failure).toBeInstanceOf(AppError);
  expect(failure).toMatchObject({ code: 503, key: 'errors.sms_failed', data: null });
  const visible = JSON.stringify({ message: (failure as AppError).message, params: (failure as AppError).params });
  for (const secret of secrets) expect(visible).not.toContain(secret);
}

describe('Aliyun SMS', () => {
  const account = { accessKeyId: 'LTAI5tExample', accessKeySecret: 'aliyun-secret-value', signName: '支付台', templateCode: 'SMS_154950909' };
  let fake: FakeSmsProvider;
  let settings: AliyunSmsOptions;
  beforeAll(async () => {
    fake = await startFakeAliyunSms(account);
    settings = { access_key_id: account.accessKeyId, access_key_secret: account.accessKeySecret, sign_name: account.signName, verify_code: account.templateCode, endpoint: fake.url };
  });
  afterAll(() => fake.close());

  it('delivers the code through a correctly signed SendSms call, with a fresh nonce each time', async () => {
    const sender = createSender('aliyun', { aliyun: settings });
    await sender.send(PHONE, '204816');
    await sender.send(PHONE, '731950');
    expect(fake.delivered.slice(-2)).toEqual([{ to: PHONE, code: '204816' }, { to: PHONE, code: '731950' }]);
  });

  it('a wrong secret is refused by the provider and becomes the 503', async () => {
    await expectSmsFailed(createSender('aliyun', { aliyun: { ...settings, access_key_secret: 'guessed-secret' } }).send(PHONE, '111111'), 'guessed-secret', account.accessKeyId);
    expect(fake.refused.at(-1)).toBe('SignatureDoesNotMatch');
  });

  it('a business refusal (unknown template) becomes the 503', async () => {
    await expectSmsFailed(createSender('aliyun', { aliyun: { ...settings, verify_code: 'SMS_000' } }).send(PHONE, '111111'));
    expect(fake.refused.at(-1)).toBe('isv.SMS_TEMPLATE_ILLEGAL');
  });
});

describe('Tencent Cloud SMS', () => {
  const account = { secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE', secretKey: 'tencent-secret-value', smsSdkAppId: '1400006666', signName: '支付台', templateId: '449739' };
  let fake: FakeSmsProvider;
  let settings: TencentSmsOptions;
  beforeAll(async () => {
    fake = await startFakeTencentSms(account);
    settings = {
      sms_sdk_app_id: account.smsSdkAppId, secret_id: account.secretId, secret_key: account.secretKey,
      endpoint: fake.url, region: 'ap-guangzhou', verify_code: account.templateId, sign_name: account.signName,
    };
  });
  afterAll(() => fake.close());

  it('delivers the code through a TC3-signed SendSms call, to the number in E.164', async () => {
    await createSender('tencent', { tencent: settings }).send(PHONE, '590321');
    expect(fake.delivered.at(-1)).toEqual({ to: `+86${PHONE}`, code: '590321' });
    await createSender('tencent', { tencent: settings }).send('+85291234567', '590322');
    expect(fake.delivered.at(-1)).toEqual({ to: '+85291234567', code: '590322' });
  });

  it('a wrong secret is refused by the provider and becomes the 503', async () => {
    await expectSmsFailed(createSender('tencent', { tencent: { ...settings, secret_key: 'guessed-secret' } }).send(PHONE, '111111'), 'guessed-secret', account.secretId);
    expect(fake.refused.at(-1)).toBe('AuthFailure.SignatureFailure');
  });

  it('a number the provider refuses becomes the 503', async () => {
    await expectSmsFailed(createSender('tencent', { tencent: settings }).send('+1', '111111'));
    expect(fake.refused.at(-1)).toBe('InvalidParameterValue.IncorrectPhoneNumber');
  });
});

describe('SMSBao', () => {
  const account = { account: 'paydesk', apiKey: 'smsbao-key-value', signName: '支付台' };
  let fake: FakeSmsProvider;
  let settings: SmsBaoOptions;
  beforeAll(async () => {
    fake = await startFakeSmsBao(account);
    settings = { account: account.account, api_key: account.apiKey, sign_name: account.signName, base_url: fake.url };
  });
  afterAll(() => fake.close());

  it('delivers the code in a signed text, authenticated by the md5 of the key', async () => {
    await createSender('smsbao', { smsbao: settings }).send(`+86${PHONE}`, '664201');
    expect(fake.delivered.at(-1)).toEqual({ to: PHONE, code: '664201' });
  });

  it('a wrong key is refused by the provider and becomes the 503', async () => {
    await expectSmsFailed(createSender('smsbao', { smsbao: { ...settings, api_key: 'guessed-key' } }).send(PHONE, '111111'), 'guessed-key');
    expect(fake.refused.at(-1)).toBe('30');
  });
});

describe('any provider', () => {
  it('an unreachable endpoint becomes the 503', async () => {
    const settings = { account: 'a', api_key: 'k', sign_name: 's', base_url: 'http://127.0.0.1:1' };
    await expectSmsFailed(createSender('smsbao', { smsbao: settings }).send(PHONE, '111111'));
  });

  it('a drive without its settings section is a configuration error, not a silent no-op', () => {
    expect(() => createSender('aliyun', {} as never)).toThrow(/\[aliyun\]/);
  });
});
