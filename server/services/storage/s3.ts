/**
 * One driver for the three object stores: Aliyun OSS, Tencent COS and Qiniu
 * Kodo all speak the S3 protocol, so each provider's settings are only turned
 * into an endpoint, a signing region and a bucket name, and @aws-sdk/client-s3
 * does the rest (SigV4, virtual-hosted bucket addressing as all three require).
 */
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { storageRegion } from '../../../schema/settings';
import type { Storage } from './index';

export interface OssOptions {
  access_key_id: string;
  access_key_secret: string;
  bucket: string;
  /** The region's endpoint host (`oss-cn-hangzhou.aliyuncs.com`), its region id, or a full URL. */
  endpoint: string;
  /** Folder inside the bucket. */
  path?: string;
  domain?: string;
}

export interface CosOptions {
  app_id: string;
  secret_id: string;
  secret_key: string;
  bucket: string;
  region: string;
  path?: string;
  domain?: string;
}

export interface KodoOptions {
  access_key: string;
  secret_key: string;
  bucket: string;
  /** Kodo zone id (`z0`, `z2`, ...) or its S3 region id (`cn-south-1`). */
  region: string;
  domain?: string;
}

/** What the S3 client needs, whichever provider it is. */
export interface S3Target {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket, no leading or trailing slash ('' for none). */
  prefix: string;
  /** Origin of the public URLs, no trailing slash. */
  publicOrigin: string;
}

const trimSlashes = (value = '') => value.replace(/^\/+|\/+$/g, '');
const withScheme = (hostOrUrl: string) => (hostOrUrl.includes('://') ? hostOrUrl : `https://${hostOrUrl}`).replace(/\/+$/, '');

/** Without a domain, objects are public at the bucket's own virtual host. */
function bucketOrigin(endpoint: string, bucket: string): string {
  const url = new URL(endpoint);
  return `${url.protocol}//${bucket}.${url.host}`;
}

function target(fields: Omit<S3Target, 'publicOrigin'>, domain: string | undefined): S3Target {
  const publicOrigin = domain ? domain.replace(/\/+$/, '') : bucketOrigin(fields.endpoint, fields.bucket);
  return { ...fields, publicOrigin };
}

export function ossTarget(o: OssOptions): S3Target {
  const known = storageRegion('oss', o.endpoint.trim());
  const endpoint = withScheme(known?.endpoint ?? o.endpoint.trim());
  // OSS's S3 API signs with the bare region id (`cn-hangzhou`); hosts outside the list carry it too.
  const region = known?.region ?? /oss-([a-z0-9-]+?)(?:-internal)?\./.exec(endpoint)?.[1] ?? 'cn-hangzhou';
  return target({ endpoint, region, bucket: o.bucket, accessKeyId: o.access_key_id, secretAccessKey: o.access_key_secret, prefix: trimSlashes(o.path) }, o.domain);
}

export function cosTarget(o: CosOptions): S3Target {
  // COS bucket names carry the account's APPID: `<name>-<appid>`.
  const suffix = `-${o.app_id}`;
  const bucket = o.bucket.endsWith(suffix) ? o.bucket : o.bucket + suffix;
  const endpoint = withScheme(storageRegion('cos', o.region)?.endpoint ?? `cos.${o.region}.myqcloud.com`);
  return target({ endpoint, region: o.region, bucket, accessKeyId: o.secret_id, secretAccessKey: o.secret_key, prefix: trimSlashes(o.path) }, o.domain);
}

export function kodoTarget(o: KodoOptions): S3Target {
  // Kodo settings name zones (`z2`); its S3 API wants the region (`cn-south-1`).
  const known = storageRegion('kodo', o.region);
  const region = known?.region ?? o.region;
  const endpoint = withScheme(known?.endpoint ?? `s3.${region}.qiniucs.com`);
  return target({ endpoint, region, bucket: o.bucket, accessKeyId: o.access_key, secretAccessKey: o.secret_key, prefix: '' }, o.domain);
}

/**
 * `clientConfig` is merged last; production leaves it out, tests use it to
 * route the provider's host names to a local server.
 */
export function createS3Storage(t: S3Target, clientConfig: Partial<S3ClientConfig> = {}): Storage {
  // The SDK is large: loaded at the first upload, so a site storing locally never pays for it at start.
  let sdk: Promise<{ client: S3Client; PutObjectCommand: typeof import('@aws-sdk/client-s3').PutObjectCommand }> | undefined;
  const load = () => (sdk ??= import('@aws-sdk/client-s3').then(({ S3Client, PutObjectCommand }) => ({ PutObjectCommand, client: new S3Client({
    endpoint: t.endpoint,
    region: t.region,
    credentials: { accessKeyId: t.accessKeyId, secretAccessKey: t.secretAccessKey },
    forcePathStyle: false,
    // The SDK's default CRC32 checksums and aws-chunked bodies are AWS-only
    // extensions that S3-compatible stores reject; send plain signed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...clientConfig,
  }) })));
  return {
    async put(key, bytes, contentType) {
      const objectKey = t.prefix ? `${t.prefix}/${key}` : key;
      const { client, PutObjectCommand } = await load();
      await client.send(new PutObjectCommand({
        Bucket: t.bucket,
        Key: objectKey,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }));
      return { path: `${t.publicOrigin}/${objectKey}` };
    },
  };
}
