/** Uploads through the whole app: permission rule, translation, static serving. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../support/app';
import { PNG, SVG_WITH_SCRIPT } from '../fakes/images';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeApp();
  token = await t.signIn();
});
afterAll(() => t?.close());

async function upload(bytes: Uint8Array<ArrayBuffer>, auth?: string, lang = 'zh-cn') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: {
      'content-type': request.headers.get('content-type')!,
      cookie: `lang=${lang}`,
      ...(auth && { authorization: `Bearer ${auth}` }),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { path: string } | null } };
}

describe('upload through the app', () => {
  it('needs a signed-in user with the upload rule', async () => {
    expect((await upload(PNG)).status).toBe(401);
  });

  it('stores the image, answers its path in the caller language, and serves it', async () => {
    const { status, body } = await upload(PNG, token);
    expect(status).toBe(200);
    expect(body.msg).toBe('上传成功');
    const served = await t.app.inject({ url: body.data!.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves new uploads at once after the local storage path changes through the settings (no restart)', async () => {
    const changed = await t.call('PUT', '/api/toml/storage-local', { path: 'uploads/moved', domain: '' }, token);
    expect(changed.status, changed.text).toBe(200);
    const { status, body } = await upload(PNG, token);
    expect(status).toBe(200);
    const served = await t.app.inject({ url: body.data!.path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    // A folder is still no file.
    expect((await t.app.inject({ url: '/storage/' })).statusCode).toBe(404);
  });

  it('refuses an SVG with 415 and a translated message', async () => {
    const { status, body } = await upload(SVG_WITH_SCRIPT, token, 'en-us');
    expect(status).toBe(415);
    expect(body.code).toBe(415);
    expect(body.msg).not.toMatch(/^errors\./);
  });
});
