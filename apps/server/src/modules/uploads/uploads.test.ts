import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { LIMITS, MESSAGES, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLink, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, multipartStream, upload as uploadAs } from '../../test/upload-test-helpers.js';
import { uploads } from './uploads.table.js';

const ja = MESSAGES.ja;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signUpAndLogin(t)).token;
});
afterAll(async () => {
  await t.close();
});

const upload = (
  parts: Parameters<typeof uploadAs>[1],
  session: string | null = token,
  query: Parameters<typeof uploadAs>[3] = {},
) => uploadAs(t, parts, session, query);

/** Every file under the files folder, temp files included. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs
    .readdir(t.config.filesDir, { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function uploadRows(): Promise<number> {
  const [row] = await t.app.deps.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

/** Runs a refused upload and checks it left neither a file nor a row behind. */
async function expectNothingKept<T>(attempt: () => Promise<T>): Promise<T> {
  // The renditions of earlier images are written in the background (docs/renditions.md).
  await t.settleJobs();
  const files = await storedFiles();
  const rows = await uploadRows();
  const reply = await attempt();
  expect(await storedFiles()).toEqual(files);
  expect(await uploadRows()).toBe(rows);
  return reply;
}

describe('POST /api/uploadFile/upload', () => {
  it.each([
    ['png', 'avatar.png', 'image/png'],
    ['gif', 'avatar.GIF', 'image/gif'],
    ['jpeg', 'avatar.jpeg', 'image/jpeg'],
    ['jpeg', 'avatar.jpg', 'image/jpeg'],
  ] as const)(
    'stores a %s avatar (%s), serves it publicly and an 80×80 thumbnail',
    async (format, name, mime) => {
      const data = await image(format);
      const res = await upload(form(UploadType.AVATAR, name, data));
      expect(res).toMatchObject({ http: 200, body: { status: 200 } });
      const ext = name.split('.')[1]?.toLowerCase();
      expect(res.body.data).toEqual({ path: expect.any(String), filename: name, ext, size: data.length });
      expect(res.body.data.path).toMatch(new RegExp(`^/api/files/1/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${ext}$`));

      const file = await t.app.inject({ method: 'GET', url: res.body.data.path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-disposition']).toBe('inline');
      expect(file.rawPayload.equals(data)).toBe(true);

      const thumb = await t.app.inject({ method: 'GET', url: `${res.body.data.path}?w=80` });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 80, 80]);
    },
  );

  it('serves public non-avatar images with their type, and the original when no thumbnail exists', async () => {
    const data = await image('png');
    const res = await upload(form(UploadType.BACKGROUND, 'bg.png', data));
    expect(res.http).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: `${res.body.data.path}?w=80` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(data)).toBe(true);
  });

  it('takes the type from the query when the form has none', async () => {
    const res = await upload([{ name: 'file', filename: 'c.png', data: await image('png') }], token, {
      type: '3',
    });
    expect(res.http).toBe(200);
    expect(res.body.data.path).toMatch(/^\/api\/files\/3\//);
  });

  it('refuses a file that arrives before any type', async () => {
    const res = await expectNothingKept(() =>
      upload([
        { name: 'file', filename: 'a.png', data: Buffer.from('x') },
        { name: 'type', value: '1' },
      ]),
    );
    expect(res).toMatchObject({ http: 400, body: { status: 400, info: ja.uploadTypeInvalid } });
  });

  it.each(['99', '0', 'abc', '', '1.5'])('refuses the unknown type %j', async (type) => {
    const res = await expectNothingKept(() => upload(form(type, 'a.pdf', Buffer.from('%PDF-1.7'))));
    expect(res).toMatchObject({ http: 400, body: { info: ja.uploadTypeInvalid } });
  });

  it('refuses a text file named .png and keeps nothing', async () => {
    const res = await expectNothingKept(() =>
      upload(form(UploadType.AVATAR, 'fake.png', Buffer.from('hello'))),
    );
    expect(res).toMatchObject({ http: 400, body: { status: 400, info: ja.imageType } });
  });

  it('refuses an image whose content is another format than its name says', async () => {
    const res = await expectNothingKept(async () =>
      upload(form(UploadType.COVER, 'x.png', await image('gif'))),
    );
    expect(res).toMatchObject({ http: 400, body: { info: ja.imageType } });
  });

  it.each(['photo.webp', 'photo.svg', 'photo', 'photo.png.txt'])(
    'refuses the image name %s',
    async (name) => {
      const res = await expectNothingKept(async () =>
        upload(form(UploadType.SAMPLE, name, await image('png'))),
      );
      expect(res).toMatchObject({ http: 400, body: { info: ja.imageType } });
    },
  );

  it('refuses an image declaring a gigantic canvas without decoding it', async () => {
    const png = await image('png', 1, 1);
    // IHDR data starts at byte 16: width and height, then the chunk's CRC over type and data at 29.
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect((await sharp(png, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const res = await expectNothingKept(() => upload(form(UploadType.AVATAR, 'huge.png', png)));
    expect(res).toMatchObject({ http: 400, body: { info: ja.imageTooManyPixels } });
  });

  it('accepts an avatar of exactly 2 MiB and refuses one byte more with nothing kept', async () => {
    const png = await image('png');
    // Bytes after the IEND chunk are ignored by decoders; the magic bytes stay valid.
    const exact = Buffer.concat([png, Buffer.alloc(LIMITS.imageMaxBytes - png.length)]);
    const ok = await upload(form(UploadType.AVATAR, 'big.png', exact));
    expect(ok).toMatchObject({ http: 200, body: { data: { size: LIMITS.imageMaxBytes } } });

    const over = Buffer.concat([exact, Buffer.from([0])]);
    const res = await expectNothingKept(() => upload(form(UploadType.COVER, 'big.png', over)));
    expect(res).toMatchObject({ http: 413, body: { status: 413, info: ja.imageTooLarge } });
  });

  it('accepts any kind of file for type 4 and keeps it private for now', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
    const res = await upload(form(UploadType.FILE, '企画書.PDF', pdf));
    expect(res.body.data).toEqual({
      path: expect.stringMatching(/^\/api\/files\/4\/.+\.pdf$/),
      filename: '企画書.PDF',
      ext: 'pdf',
      size: pdf.length,
    });
    expect((await getLink(t, res.body.data.path)).http).toBe(404);

    const zip = await upload(form(UploadType.FILE, 'pages.zip', Buffer.from('PK\x03\x04rest', 'latin1')));
    expect(zip.http).toBe(200);
    const odd = await upload(form(UploadType.FILE, 'page.html', Buffer.from('<script>alert(1)</script>')));
    expect(odd.body.data).toMatchObject({ ext: 'html', filename: 'page.html' });
  });

  it('keeps only a clean file name and a plain extension in the key', async () => {
    const res = await upload(
      form(UploadType.FILE, 'C:\\fakepath\\dir/ev\u0007il\u202e.tar.GZ', Buffer.from('x')),
    );
    expect(res.body.data).toMatchObject({ filename: 'evil.tar.GZ', ext: 'gz' });
    const long = await upload(form(UploadType.FILE, `${'あ'.repeat(300)}.txt`, Buffer.from('x')));
    expect(Array.from(long.body.data.filename as string)).toHaveLength(255);
    const weird = await upload(form(UploadType.FILE, 'notes.T X T', Buffer.from('x')));
    expect(weird.body.data.path).toMatch(/\.bin$/);
  });

  it('accepts a 100 MiB file and refuses 100 MiB + 1 byte while streaming, keeping nothing', async () => {
    const send = (size: number) => {
      const { payload, headers } = multipartStream([
        { name: 'type', value: '4' },
        { name: 'file', filename: 'big.zip', data: { size } },
      ]);
      return t.app.inject({
        method: 'POST',
        url: contract.uploads.upload.path,
        payload,
        headers: { ...headers, token },
      });
    };
    const res = await expectNothingKept(async () => {
      const r = await send(LIMITS.fileMaxBytes + 1);
      return { http: r.statusCode, body: r.json() };
    });
    expect(res).toMatchObject({ http: 413, body: { status: 413, info: ja.fileTooLarge } });

    const ok = await send(LIMITS.fileMaxBytes);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.size).toBe(LIMITS.fileMaxBytes);
  }, 120_000);

  it('answers fileRequired without a file', async () => {
    expect(await upload([{ name: 'type', value: '1' }])).toMatchObject({
      http: 400,
      body: { info: ja.fileRequired },
    });
    // A JSON body, not a form.
    expect(await callUnchecked(t, contract.uploads.upload, { type: 1 }, token)).toMatchObject({
      http: 400,
      body: { info: ja.fileRequired },
    });
  });

  it('answers 400, not 500, to a malformed multipart body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: contract.uploads.upload.path,
      payload: 'garbage without boundary',
      headers: { 'content-type': 'multipart/form-data', token },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses anonymous callers with 401 / 50014', async () => {
    const res = await expectNothingKept(async () => upload(form(1, 'a.png', await image('png')), null));
    expect(res).toMatchObject({ http: 401, body: { status: 50014 } });
  });

  it('still limits JSON bodies to 1 MiB', async () => {
    const res = await call(t, contract.accounts.login, {
      username: 'a@b.cd',
      password: 'x'.repeat(1_100_000),
    });
    expect(res.http).toBe(413);
  });
});
