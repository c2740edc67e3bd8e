import fs from 'node:fs/promises';
import path from 'node:path';
import { UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/app-error.js';
import { signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload as uploadAs } from '../../test/upload-test-helpers.js';
import { assertOwnUpload } from './uploads.service.js';

let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signUpAndLogin(t)).token;
  userId = (await call(t, contract.profiles.me, undefined, token)).body.data.id;
});
afterAll(async () => {
  await t.close();
});

const upload = (parts: Parameters<typeof uploadAs>[1], session: string | null = token) =>
  uploadAs(t, parts, session);

describe('GET /api/files/*', () => {
  it.each([
    '/api/files/../../etc/passwd',
    '/api/files/..%2F..%2Fetc%2Fpasswd',
    '/api/files/%2e%2e/%2e%2e/etc/passwd',
    '/api/files/1/..%2F..%2Fsecret.txt',
    '/api/files/..%2Fsecret.txt',
    '/api/files/%252e%252e%252fsecret.txt',
    '/api/files/1/2026/01/00000000000000000000000000000000.png',
    '/api/files/.tmp/x.part',
    '/api/files/',
  ])('answers 404 to %s', async (url) => {
    await fs.writeFile(path.join(t.config.dataDir, 'secret.txt'), 'secret');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('root:');
  });
});

describe('assertOwnUpload', () => {
  it("accepts one's own path of an allowed type, and '' for no file", async () => {
    const res = await upload(form(UploadType.BACKGROUND, 'bg.png', await image('png')));
    const key = await assertOwnUpload(t.app.deps.db, userId, res.body.data.path, [UploadType.BACKGROUND]);
    expect(`/api/files/${key}`).toBe(res.body.data.path);
    expect(await assertOwnUpload(t.app.deps.db, userId, '', [UploadType.AVATAR])).toBe('');
  });

  it("refuses another user's path, a wrong type and paths that are no upload", async () => {
    const mine = await upload(form(UploadType.AVATAR, 'me.png', await image('png')));
    const other = await signUpAndLogin(t);
    const theirs = await upload(form(UploadType.AVATAR, 'them.png', await image('png')), other.token);
    const refused = async (path: string, types: number[]) => {
      const err = (await assertOwnUpload(t.app.deps.db, userId, path, types).catch((e) => e)) as AppError;
      expect(err.key).toBe('uploadPathInvalid');
      expect(err.httpStatus).toBe(400);
    };
    await refused(theirs.body.data.path, [UploadType.AVATAR]);
    await refused(mine.body.data.path, [UploadType.BACKGROUND]);
    await refused(`${mine.body.data.path}.80.webp`, [UploadType.AVATAR]);
    await refused('/api/files/1/2026/01/00000000000000000000000000000000.png', [UploadType.AVATAR]);
    await refused('https://evil.example/a.png', [UploadType.AVATAR]);
    await refused('/api/files/../../etc/passwd', [UploadType.AVATAR]);
  });
});
