/**
 * A local S3-compatible object store that checks AWS Signature V4 exactly as
 * the providers do (header auth: canonical request, string to sign, derived
 * signing key, payload hash) and keeps objects in memory under their full
 * URL, so a test can compare a driver's public URL with where the object
 * really went. It speaks HTTPS with a throwaway certificate; `agents` routes
 * any provider host name (`bucket.oss-cn-hangzhou.aliyuncs.com`, ...) to it,
 * so drivers use their real endpoints and virtual-hosted bucket names.
 *
 * Like the S3-compatible stores, it refuses what only AWS speaks: checksum
 * headers (`x-amz-checksum-*`, `x-amz-sdk-checksum-algorithm`) and
 * `aws-chunked` bodies; and, as they do, it refuses a signature scoped to
 * another region than the one its host name serves.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent as HttpsAgent, createServer, type AgentOptions } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:tls';
import { close, listen, readBody } from './server';

export interface StoredObject {
  bytes: Buffer;
  contentType?: string;
  cacheControl?: string;
}

export interface SignedRequest {
  method: string;
  host: string;
  path: string;
  /** `<date>/<region>/s3/aws4_request` from the Authorization header. */
  scope: string;
}

export interface FakeS3 {
  /** Stored objects by `https://<host><path>`. */
  objects: Map<string, StoredObject>;
  /** Every request whose signature checked out. */
  signed: SignedRequest[];
  /** Give to the S3 client as `requestHandler`: every host resolves to this server. */
  requestHandler: { httpsAgent: HttpsAgent };
  close(): Promise<void>;
}

const TLS = {
  key: readFileSync(new URL('./tls/fake-cloud.key', import.meta.url)),
  cert: readFileSync(new URL('./tls/fake-cloud.crt', import.meta.url)),
};
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const MAX_SKEW_MS = 15 * 60 * 1000;

class S3Error extends Error {
  constructor(readonly status: number, readonly s3Code: string) {
    super(s3Code);
  }
}

/** RFC 3986 encoding as SigV4 wants it (`~` kept, everything else reserved encoded). */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The region a provider host serves: OSS `oss-<region>[-internal].aliyuncs.com`, COS `cos.<region>.myqcloud.com`, Kodo `s3.<region>.qiniucs.com`. */
export function regionOfHost(host: string): string | undefined {
  const name = host.replace(/:\d+$/, '');
  return (/(?:^|\.)oss-([a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(name)
    ?? /(?:^|\.)cos\.([a-z0-9-]+)\.myqcloud\.com$/.exec(name)
    ?? /(?:^|\.)s3\.([a-z0-9-]+)\.qiniucs\.com$/.exec(name))?.[1];
}

/** What the S3-compatible stores do not take: AWS's flexible checksums and chunked signed bodies. */
function refuseAwsOnly(request: IncomingMessage) {
  const checksum = Object.keys(request.headers).find((name) => name.startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm' || name === 'x-amz-trailer');
  if (checksum) throw new S3Error(400, 'InvalidArgument');
  const encoding = String(request.headers['content-encoding'] ?? '') + String(request.headers['x-amz-content-sha256'] ?? '');
  if (/aws-chunked|STREAMING-/i.test(encoding)) throw new S3Error(400, 'InvalidArgument');
}

function verifySignature(request: IncomingMessage, url: URL, body: Buffer, accessKeyId: string, secretAccessKey: string): string {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8}\/[^/]+\/s3\/aws4_request), ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/
    .exec(request.headers.authorization ?? '');
  if (!auth) throw new S3Error(403, 'AccessDenied');
  const [, keyId, scope, signedHeaders, signature] = auth as unknown as [string, string, string, string, string];
  if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId');

  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const when = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(when) || Math.abs(Date.now() - when) > MAX_SKEW_MS) throw new S3Error(403, 'RequestTimeTooSkewed');
  if (!scope.startsWith(amzDate.slice(0, 8))) throw new S3Error(403, 'SignatureDoesNotMatch');

  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) throw new S3Error(400, 'XAmzContentSHA256Mismatch');

  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) throw new S3Error(403, 'AccessDenied');
  const canonicalHeaders = names
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [request.method, url.pathname, canonicalQuery(url.searchParams), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const [date, region, service] = scope.split('/') as [string, string, string];
  // A signature for another region than the host's (AWS names this error so too).
  if (region !== regionOfHost(String(request.headers.host ?? ''))) throw new S3Error(400, 'AuthorizationHeaderMalformed');
  const signingKey = ['aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service),
  );
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature))) throw new S3Error(403, 'SignatureDoesNotMatch');
  return scope;
}

function sendError(response: ServerResponse, error: S3Error) {
  response.writeHead(error.status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${error.s3Code}</Code><Message>${error.s3Code}</Message></Error>`);
}

export async function startFakeS3(credentials: { accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const signed: SignedRequest[] = [];

  const server = createServer(TLS, async (request, response) => {
    try {
      const host = String(request.headers.host ?? '');
      const url = new URL(request.url ?? '/', `https://${host}`);
      const body = await readBody(request);
      refuseAwsOnly(request);
      const scope = verifySignature(request, url, body, credentials.accessKeyId, credentials.secretAccessKey);
      signed.push({ method: request.method!, host, path: decodeURIComponent(url.pathname), scope });
      const id = `https://${host}${url.pathname}`;
      if (request.method === 'PUT') {
        objects.set(id, {
          bytes: body,
          contentType: request.headers['content-type'],
          cacheControl: request.headers['cache-control'],
        });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(id);
        if (!object) throw new S3Error(404, 'NoSuchKey');
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.bytes.length });
        response.end(object.bytes);
      } else {
        throw new S3Error(405, 'MethodNotAllowed');
      }
    } catch (error) {
      sendError(response, error instanceof S3Error ? error : new S3Error(500, 'InternalError'));
    }
  });
  const port = await listen(server);

  /** Connects to the fake whatever host the client asked for; TLS name checks are moot here. */
  class ToFakeAgent extends HttpsAgent {
    override createConnection(options: AgentOptions & { servername?: string }) {
      return connect({ host: '127.0.0.1', port, servername: options.servername, rejectUnauthorized: false });
    }
  }

  return {
    objects,
    signed,
    requestHandler: { httpsAgent: new ToFakeAgent({ keepAlive: false }) },
    close: () => close(server),
  };
}
