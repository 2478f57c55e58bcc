/**
 * The signers against the providers' own published worked examples, so the
 * fakes (which recompute signatures independently) are not the only judges.
 */
import { describe, expect, it } from 'vitest';
import { signAcs3 } from '../../server/services/sender/aliyun';
import { signTc3 } from '../../server/services/sender/tencent';

describe('published signature examples', () => {
  it('Aliyun ACS3-HMAC-SHA256: the RunInstances example of "V3 request syntax and signature"', () => {
    const { query, headers } = signAcs3({
      host: 'ecs.cn-shanghai.aliyuncs.com',
      action: 'RunInstances',
      version: '2014-05-26',
      query: { RegionId: 'cn-shanghai', ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd' },
      accessKeyId: 'YourAccessKeyId',
      accessKeySecret: 'YourAccessKeySecret',
      date: '2023-10-26T10:22:32Z',
      nonce: '3156853299f313e23d1673dc12e1703d',
    });
    expect(query).toBe('ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai');
    expect(headers.authorization).toBe(
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,' +
      'SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,' +
      'Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
    );
  });

  it('Tencent TC3-HMAC-SHA256: the DescribeInstances example of "Signature v3"', () => {
    const authorization = signTc3({
      service: 'cvm',
      signedHeaders: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
      'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});
