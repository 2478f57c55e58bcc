import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosTarget, createStorage, kodoTarget, objectKey, ossTarget } from '../../server/services/storage';
import { createS3Storage } from '../../server/services/storage/s3';
import { PNG } from '../fakes/images';
import { startFakeS3, type FakeS3 } from '../fakes/s3';

const KEY_ID = 'AKIDEXAMPLE0123';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
let fake: FakeS3;

beforeAll(async () => {
  fake = await startFakeS3({ accessKeyId: KEY_ID, secretAccessKey: SECRET });
});
afterAll(() => fake.close());

const context = () => ({ dataDir: '/nowhere', s3: { requestHandler: fake.requestHandler } });

describe('provider settings to S3 endpoints', () => {
  it('OSS: the endpoint host, a region id or a URL; signed for the bare region id', () => {
    const base = { access_key_id: 'k', access_key_secret: 's', bucket: 'shop' };
    const hangzhou = { endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'cn-hangzhou', publicOrigin: 'https://shop.oss-cn-hangzhou.aliyuncs.com' };
    expect(ossTarget({ ...base, endpoint: 'oss-cn-hangzhou.aliyuncs.com' })).toMatchObject(hangzhou);
    expect(ossTarget({ ...base, endpoint: 'cn-hangzhou' })).toMatchObject(hangzhou);
    expect(ossTarget({ ...base, endpoint: 'https://oss-ap-southeast-1-internal.aliyuncs.com/', path: '/uploads/' })).toMatchObject({
      endpoint: 'https://oss-ap-southeast-1-internal.aliyuncs.com', region: 'ap-southeast-1', prefix: 'uploads',
    });
  });

  it('COS: bucket named with the APPID, regional endpoint', () => {
    const t = cosTarget({ app_id: '1250000000', secret_id: 'i', secret_key: 'k', bucket: 'shop', region: 'ap-guangzhou', domain: 'https://img.example.com/' });
    expect(t).toMatchObject({ bucket: 'shop-1250000000', endpoint: 'https://cos.ap-guangzhou.myqcloud.com', region: 'ap-guangzhou', publicOrigin: 'https://img.example.com' });
    expect(cosTarget({ app_id: '1250000000', secret_id: 'i', secret_key: 'k', bucket: 'shop-1250000000', region: 'ap-guangzhou' }).bucket).toBe('shop-1250000000');
  });

  it('Kodo: zone ids map to the S3 regions', () => {
    expect(kodoTarget({ access_key: 'a', secret_key: 's', bucket: 'shop', region: 'z2', domain: 'https://cdn.example.com' })).toMatchObject({
      endpoint: 'https://s3.cn-south-1.qiniucs.com', region: 'cn-south-1', publicOrigin: 'https://cdn.example.com',
    });
    expect(kodoTarget({ access_key: 'a', secret_key: 's', bucket: 'shop', region: 'cn-east-2' }).endpoint).toBe('https://s3.cn-east-2.qiniucs.com');
  });
});

describe('S3-compatible storage against a store that checks SigV4', () => {
  it('OSS: uploads to the bucket host and answers the URL where the object really is', async () => {
    const storage = createStorage('oss', { access_key_id: KEY_ID, access_key_secret: SECRET, bucket: 'shop', endpoint: 'oss-cn-hangzhou.aliyuncs.com', path: 'uploads' }, context());
    const key = objectKey('png');
    const { path } = await storage.put(key, PNG, 'image/png');

    expect(path).toBe(`https://shop.oss-cn-hangzhou.aliyuncs.com/uploads/${key}`);
    const stored = fake.objects.get(path);
    expect(stored?.bytes).toEqual(PNG);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.cacheControl).toContain('immutable');
    expect(fake.signed.at(-1)?.scope).toMatch(/^\d{8}\/cn-hangzhou\/s3\/aws4_request$/);
  });

  it('COS: uploads to `<bucket>-<appid>.cos.<region>.myqcloud.com` and answers the domain URL', async () => {
    const storage = createStorage('cos', {
      app_id: '1250000000', secret_id: KEY_ID, secret_key: SECRET, bucket: 'shop', region: 'ap-guangzhou', domain: 'https://img.example.com',
    }, context());
    const key = objectKey('png');
    const { path } = await storage.put(key, PNG, 'image/png');

    expect(path).toBe(`https://img.example.com/${key}`);
    expect(fake.objects.get(`https://shop-1250000000.cos.ap-guangzhou.myqcloud.com/${key}`)?.bytes).toEqual(PNG);
  });

  it('Kodo: uploads through the S3 endpoint of the zone', async () => {
    const storage = createStorage('kodo', { access_key: KEY_ID, secret_key: SECRET, bucket: 'shop', region: 'z2', domain: 'https://cdn.example.com' }, context());
    const key = objectKey('png');
    await storage.put(key, PNG, 'image/png');

    expect(fake.objects.get(`https://shop.s3.cn-south-1.qiniucs.com/${key}`)?.bytes).toEqual(PNG);
    expect(fake.signed.at(-1)?.scope).toMatch(/\/cn-south-1\/s3\/aws4_request$/);
  });

  it('the stored object reads back through a signed GET', async () => {
    const storage = createStorage('oss', { access_key_id: KEY_ID, access_key_secret: SECRET, bucket: 'shop', endpoint: 'cn-hangzhou' }, context());
    const key = objectKey('png');
    await storage.put(key, PNG, 'image/png');
    const client = new S3Client({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'cn-hangzhou',
      credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET }, requestHandler: fake.requestHandler,
      requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const got = await client.send(new GetObjectCommand({ Bucket: 'shop', Key: key }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(PNG);
  });

  it('a wrong secret is refused by the store and nothing is stored', async () => {
    const storage = createStorage('oss', { access_key_id: KEY_ID, access_key_secret: 'not-the-secret', bucket: 'shop', endpoint: 'cn-hangzhou' }, context());
    const before = fake.objects.size;
    await expect(storage.put(objectKey('png'), PNG, 'image/png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(fake.objects.size).toBe(before);
  });

  it('an unknown key id is refused', async () => {
    const storage = createStorage('kodo', { access_key: 'someone-else', secret_key: SECRET, bucket: 'shop', region: 'z2' }, context());
    await expect(storage.put(objectKey('png'), PNG, 'image/png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('a client with AWS\'s own checksums on is refused, as the S3-compatible stores refuse it, and nothing is stored', async () => {
    const before = fake.objects.size;
    const awsDefaults = createS3Storage(ossTarget({ access_key_id: KEY_ID, access_key_secret: SECRET, bucket: 'shop', endpoint: 'cn-hangzhou' }), {
      requestHandler: fake.requestHandler, requestChecksumCalculation: 'WHEN_SUPPORTED',
    });
    await expect(awsDefaults.put(objectKey('png'), PNG, 'image/png')).rejects.toMatchObject({ name: 'InvalidArgument' });
    expect(fake.objects.size).toBe(before);
  });

  it('a signature for another region than the host serves is refused', async () => {
    const target = ossTarget({ access_key_id: KEY_ID, access_key_secret: SECRET, bucket: 'shop', endpoint: 'cn-hangzhou' });
    const elsewhere = createS3Storage({ ...target, region: 'cn-shanghai' }, { requestHandler: fake.requestHandler });
    await expect(elsewhere.put(objectKey('png'), PNG, 'image/png')).rejects.toMatchObject({ name: 'AuthorizationHeaderMalformed' });
    // COS and Kodo hosts name their regions too.
    const cos = cosTarget({ app_id: '1250000000', secret_id: KEY_ID, secret_key: SECRET, bucket: 'shop', region: 'ap-guangzhou' });
    await expect(createS3Storage({ ...cos, region: 'ap-beijing' }, { requestHandler: fake.requestHandler }).put(objectKey('png'), PNG, 'image/png'))
      .rejects.toMatchObject({ name: 'AuthorizationHeaderMalformed' });
    const kodo = kodoTarget({ access_key: KEY_ID, secret_key: SECRET, bucket: 'shop', region: 'z2' });
    await expect(createS3Storage({ ...kodo, region: 'z2' }, { requestHandler: fake.requestHandler }).put(objectKey('png'), PNG, 'image/png'))
      .rejects.toMatchObject({ name: 'AuthorizationHeaderMalformed' });
  });
});
