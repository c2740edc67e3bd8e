import { PassThrough } from 'node:stream';
import { MESSAGES, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { image, multipartBody } from '../test/upload-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the drain before a shutdown', () => {
  it('lets an upload in flight finish with 200 while new requests answer 503, then ends', async () => {
    const { token } = await signUpAndLogin(t);
    const { payload, headers } = multipartBody([
      { name: 'type', value: String(UploadType.PAGE) },
      { name: 'file', filename: 'page.png', data: await image('png') },
    ]);
    // The body arrives in two halves: the upload is in flight when the drain starts.
    const body = new PassThrough();
    const upload = t.app.inject({
      method: 'POST',
      url: contract.uploads.upload.path,
      payload: body,
      headers: { ...headers, token },
    });
    body.write(payload.subarray(0, 200));
    await new Promise((r) => setTimeout(r, 50));
    let drained = false;
    const drain = t.app.drain(5_000).then(() => {
      drained = true;
    });

    const refused = await t.app.inject({ method: 'GET', url: contract.health.live.path });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ status: 503, info: MESSAGES.ja.restarting });
    expect(refused.headers.connection).toBe('close');
    expect(drained).toBe(false);

    body.end(payload.subarray(200));
    expect((await upload).statusCode).toBe(200);
    await drain;
    expect(drained).toBe(true);
  });
});
