import fs from 'node:fs/promises';
import { LIMITS, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../infra/s3-storage.js';
import { addChapter, draftPages, productionTeam, uploadDraftPage } from '../../test/chapter-fixtures.js';
import { folderCalls } from '../../test/folders-test-helpers.js';
import { person } from '../../test/people-fixtures.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';
import { approvedChapter, finishAllPages, standardPlan } from '../../test/workflow-test-helpers.js';
import { fileUrlSecret, signedFileUrl } from '../files/signed-url.js';
import { thumbnailKey } from './thumbnails.js';

/** The whole application with its files in an S3 bucket (config.s3), through the API. */
let s3: TestS3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const keyOf = (path: string) => path.replace(/^\/api\/files\//, '').replace(/\?.*$/, '');

/** Nothing lands on the local disk in S3 mode. */
async function localFiles(): Promise<string[]> {
  return (await fs.readdir(t.config.filesDir, { recursive: true }).catch(() => [])).map(String);
}

describe('files in S3', () => {
  it('is ready when the database and the bucket answer, 503 when the bucket does not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: contract.health.ready.path });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ database: 'ok', storage: 'ok' });

    const storage = t.app.deps.storage;
    t.app.deps.storage = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    try {
      const res = await t.app.inject({ method: 'GET', url: contract.health.ready.path });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toEqual({ database: 'ok', storage: 'unreachable' });
    } finally {
      t.app.deps.storage = storage;
    }
  });

  it('stores an avatar and its thumbnail in the bucket and serves both publicly through /api/files', async () => {
    const me = await person(t, 'creator');
    const png = await image('png');
    const res = await upload(t, form(UploadType.AVATAR, 'me.png', png), me.token);
    expect(res.http).toBe(200);
    const { path } = res.body.data as { path: string };
    expect(path).toMatch(/^\/api\/files\/1\//);
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining([keyOf(path), thumbnailKey(keyOf(path))]));
    expect(await localFiles()).toEqual([]);

    const file = await t.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(png)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `${path}?w=80` });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 80, 80]);
    expect(
      (await t.app.inject({ method: 'GET', url: path.replace(/[0-9a-f]{32}/, 'f'.repeat(32)) })).statusCode,
    ).toBe(404);
  });

  it('refuses an over-limit image with nothing kept in the bucket', async () => {
    const me = await person(t, 'creator');
    const before = await s3.objectKeys();
    const png = await image('png');
    const big = Buffer.concat([png, Buffer.alloc(LIMITS.imageMaxBytes + 1 - png.length)]);
    const res = await upload(t, form(UploadType.COVER, 'big.png', big), me.token);
    expect(res.http).toBe(413);
    expect(await s3.objectKeys()).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('hands out presigned bucket links for project files, downloaded under their name', async () => {
    const f = folderCalls(t);
    const founder = await person(t, 'creator');
    const member = await person(t, 'creator');
    const { projectId, dirId } = await f.projectWithFolder(founder, [member]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
    const { fileId, path } = await f.addFile(founder, projectId, dirId, '企画書 第1話.pdf', pdf);

    const url = await f.downloadUrl(member, { projectId, dirId, fileId });
    expect(url.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/${keyOf(path)}?`)).toBe(true);
    expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBe(LIMITS.signedUrlSeconds);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="___ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('企画書 第1話.pdf')}`,
    );

    // The bucket is private, and /api/files still wants a signature for a private type.
    expect((await fetch(`${s3.config.endpoint}/${s3.config.bucket}/${keyOf(path)}`)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    // A server-signed link still works: the server streams the file from the bucket.
    const signed = signedFileUrl(keyOf(path), await fileUrlSecret(t.app.deps.db), 600);
    const byServer = await t.app.inject({ method: 'GET', url: signed });
    expect(byServer.statusCode).toBe(200);
    expect(byServer.rawPayload.equals(pdf)).toBe(true);
  });

  it('hands out page originals through presigned links, inline, and their thumbnails from the bucket', async () => {
    const team = await productionTeam(t);
    const chapterId = await addChapter(t, team.founder, team.projectId, { page: '1' });
    const [page] = await draftPages(t, team.founder, team.projectId, chapterId);
    await uploadDraftPage(t, team.founder, team.projectId, page?.id as number);
    const link = await t.app.inject({
      method: 'POST',
      url: contract.pages.link.path,
      payload: { projectId: team.projectId, pageId: page?.id },
      headers: { token: team.artist.token },
    });
    const original = link.json().data.downloadUrl as string;
    expect(original.startsWith(`${s3.config.endpoint}/${s3.config.bucket}/11/`)).toBe(true);
    await t.settleJobs();
    const [listed] = await draftPages(t, team.artist, team.projectId, chapterId);
    const thumb = await t.app.inject({ method: 'GET', url: listed?.icon as string });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const res = await fetch(original);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('png');
    // The page's CSP lets the browser show images from the store's origin.
    const csp = (await t.app.inject({ method: 'GET', url: contract.health.live.path })).headers[
      'content-security-policy'
    ];
    expect(String(csp)).toMatch(new RegExp(`img-src [^;]*${new URL(s3.config.endpoint).origin}`));
  });

  it('keeps the manuscript zip a server link that streams the pages from the bucket', async () => {
    const p = await approvedChapter(t, 2);
    await standardPlan(t, p);
    await finishAllPages(t, p);
    const ref = { projectId: p.projectId, chapterId: p.chapterId, link: true };
    const link = await t.app.inject({
      method: 'POST',
      url: contract.workflow.downloadZip.path,
      payload: ref,
      headers: { token: p.founder.token },
    });
    const { downloadUrl } = link.json().data as { downloadUrl: string };
    expect(downloadUrl).toMatch(/^\/api\//);
    const zip = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    for (const name of ['p001.png', 'p002.png']) expect(zip.rawPayload.includes(name)).toBe(true);
  });
});
