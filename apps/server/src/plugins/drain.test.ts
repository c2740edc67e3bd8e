import http from 'node:http';
import type net from 'node:net';
import { buffer } from 'node:stream/consumers';
import { MESSAGES, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { image, multipartBody } from '../test/upload-test-helpers.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  json(): unknown;
}

/** A GET on a connection of its own, as a new visitor sends it. */
function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path, agent: false }, (res) => {
        buffer(res).then((b) => {
          const text = b.toString();
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) });
        }, reject);
      })
      .once('error', reject);
  });
}

describe('the drain before a shutdown', () => {
  it('lets an upload in flight finish with 200 while new requests answer 503, then ends', async () => {
    const { token } = await signUpAndLogin(t);
    const { payload, headers } = multipartBody([
      { name: 'type', value: String(UploadType.PAGE) },
      { name: 'file', filename: 'page.png', data: await image('png') },
    ]);
    // The body arrives in two halves over a kept-alive connection, as a browser sends it: the
    // upload is in flight when the close starts, and its connection stays open after.
    const body = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: contract.uploads.upload.path,
      headers: { ...headers, token },
      agent: new http.Agent({ keepAlive: true }),
    });
    const upload = new Promise<Answer>((resolve, reject) => {
      body.once('error', reject);
      body.once('response', (res) => {
        const read = buffer(res).then((b) => b.toString());
        read.then(
          (text) =>
            resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) }),
          reject,
        );
      });
    });
    body.write(payload.subarray(0, 200));
    await new Promise((r) => setTimeout(r, 50));
    let drained = false;
    const drain = t.app.close().then(() => {
      drained = true;
    });
    // The close starts a moment after the call: what comes before is still served.
    let refused = await get(contract.health.live.path);
    while (refused.statusCode === 200) refused = await get(contract.health.live.path);
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
