import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { LIMITS, MESSAGES, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../infra/storage.js';
import { AppError } from '../../lib/app-error.js';
import { signUpAndLogin } from '../../test/accounts-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, multipartBody, upload as uploadAs } from '../../test/upload-test-helpers.js';
import { privateFileLink } from '../files/signed-url.js';
import { parseUploadKey } from './upload-names.js';
import { createUploadsService } from './uploads.service.js';
import { uploads } from './uploads.table.js';

const ja = MESSAGES.ja;
let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const login = await signUpAndLogin(t);
  token = login.token;
  const me = await t.app.inject({ method: 'GET', url: contract.profiles.me.path, headers: { token } });
  userId = me.json().data.id;
});
afterAll(async () => {
  await t.close();
});

const upload = (parts: Parameters<typeof uploadAs>[1]) => uploadAs(t, parts, token);

/** A project file uploaded through the service, under exactly this name. */
function serviceUpload(filename: string, data: Buffer) {
  const file = { filename, stream: Readable.from([data]), truncated: () => false };
  return createUploadsService(t.app.deps).upload(userId, String(UploadType.FILE), file);
}
const IMAGE_TYPES = [UploadType.AVATAR, UploadType.BACKGROUND, UploadType.COVER, UploadType.SAMPLE];

/** Every file under the files folder (temp files included), as paths relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs
    .readdir(t.config.filesDir, { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(t.config.filesDir, path.join(e.parentPath, e.name)))
    .sort();
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

/** A valid 1×1 PNG whose header claims `width` × `height` (the IHDR chunk and its CRC rewritten). */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await image('png', 1, 1);
  // IHDR data starts at byte 16: width and height, then the chunk's CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A GIF whose logical screen claims 65,535 × 65,535 px (bytes 6–9, little-endian). */
async function gifBomb(): Promise<Buffer> {
  const gif = await image('gif', 1, 1);
  gif.writeUInt16LE(65_535, 6);
  gif.writeUInt16LE(65_535, 8);
  // The frame descriptor too, so decoders that trust the frame meet the same size.
  const frame = gif.indexOf(0x2c, 13);
  gif.writeUInt16LE(65_535, frame + 5);
  gif.writeUInt16LE(65_535, frame + 7);
  return gif;
}

/** A JPEG whose start-of-frame claims 20,000 × 20,000 px. */
async function jpegBomb(): Promise<Buffer> {
  const jpeg = await image('jpeg', 8, 8);
  const sof = [0xc0, 0xc1, 0xc2].map((m) => jpeg.indexOf(Buffer.from([0xff, m]))).find((i) => i > 0);
  if (sof === undefined) throw new Error('no SOF marker');
  // FF Cx, length (2), precision (1), height (2), width (2).
  jpeg.writeUInt16BE(20_000, sof + 5);
  jpeg.writeUInt16BE(20_000, sof + 7);
  return jpeg;
}

describe('wrong magic bytes', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const html = Buffer.from(
    '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
  );
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

  it.each(IMAGE_TYPES)(
    'refuses a PDF, an HTML page and an SVG named .png as upload type %i',
    async (type) => {
      for (const data of [pdf, html, svg]) {
        const res = await expectNothingKept(() => upload(form(type, 'innocent.png', data)));
        expect(res).toMatchObject({ http: 400, body: { status: 400, info: ja.imageType } });
      }
    },
  );

  it('refuses them as a handed-in page too (type 11 takes any file, but one named .png is shown as one)', async () => {
    for (const data of [pdf, html]) {
      const res = await expectNothingKept(() => upload(form(UploadType.PAGE, 'work.png', data)));
      expect(res).toMatchObject({ http: 400, body: { info: ja.imageType } });
    }
    // Other names stay any file, and a project file is always downloaded, never shown.
    expect((await upload(form(UploadType.PAGE, 'work.pdf', pdf))).http).toBe(200);
    expect((await upload(form(UploadType.FILE, 'notes.png', html))).http).toBe(200);
  });

  it('refuses a PNG named .jpg and a JPEG named .gif', async () => {
    const asJpg = await expectNothingKept(async () =>
      upload(form(UploadType.COVER, 'x.jpg', await image('png'))),
    );
    expect(asJpg.body.info).toBe(ja.imageType);
    const asGif = await expectNothingKept(async () =>
      upload(form(UploadType.SAMPLE, 'x.gif', await image('jpeg'))),
    );
    expect(asGif.body.info).toBe(ja.imageType);
  });
});

describe('a refusal on the first bytes', () => {
  it('leaves no temp file behind, however early it comes (50 in a row)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-refused-'));
    try {
      const storage = createLocalStorage(dir);
      for (let i = 0; i < 50; i++) {
        // Fails before the temp file's asynchronous open has finished.
        const source = new Readable({
          read() {
            this.destroy(new Error('refused'));
          },
        });
        await expect(
          storage.put(`4/2026/11/${String(i).padStart(32, '0')}.bin`, source, 100),
        ).rejects.toThrow('refused');
      }
      const left = await fs.readdir(path.join(dir, '.tmp'));
      expect(left).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('polyglot files', () => {
  const script = Buffer.from('<html><script>alert(document.domain)</script></html>');

  it('refuses an image header followed by HTML: it is no image', async () => {
    const gifHtml = Buffer.concat([Buffer.from('GIF89a'), script]);
    const jpegHtml = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), script]);
    const truncatedPng = (await image('png')).subarray(0, 40);
    for (const [name, data] of [
      ['a.gif', gifHtml],
      ['a.jpg', jpegHtml],
      ['a.png', truncatedPng],
    ] as const) {
      for (const type of [UploadType.AVATAR, UploadType.COVER]) {
        const res = await expectNothingKept(() => upload(form(type, name, data)));
        expect(res, `${name} as ${type}`).toMatchObject({ http: 400, body: { info: ja.imageType } });
      }
    }
  });

  it('serves a real image with HTML appended only as that image, with nosniff, never as HTML', async () => {
    const polyglot = Buffer.concat([await image('png'), script]);
    const res = await upload(form(UploadType.COVER, 'cover.png', polyglot));
    expect(res.http).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.body.data.path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.rawPayload.equals(polyglot)).toBe(true);
  });

  it('refuses the same polyglot named .html as an image, and downloads it as bytes as a project file', async () => {
    const polyglot = Buffer.concat([await image('gif'), script]);
    const asImage = await expectNothingKept(() => upload(form(UploadType.COVER, 'cover.html', polyglot)));
    expect(asImage.body.info).toBe(ja.imageType);

    const asFile = await upload(form(UploadType.FILE, 'cover.html', polyglot));
    expect(asFile.body.data).toMatchObject({ filename: 'cover.html', ext: 'html' });
    const key = String(asFile.body.data.path).replace('/api/files/', '');
    const link = await privateFileLink(t.app.deps, key);
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; /);
  });
});

describe('hostile file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['/absolute/path/notes.txt', 'notes.txt'],
    ['a\u0000b.txt', 'ab.txt'],
    ['evil\u202etxt.exe', 'eviltxt.exe'],
    ['\u2066hidden\u2069.pdf', 'hidden.pdf'],
    ['..', 'file'],
  ])('stores %j inside the storage folder and names it %j', async (raw, shown) => {
    await t.settleJobs();
    const before = await storedFiles();
    const res = await upload(form(UploadType.FILE, raw, Buffer.from('content')));
    expect(res.http).toBe(200);
    expect(res.body.data.filename).toBe(shown);
    // The key is the server's own: type/year/month/random hex, never a part of the name.
    const key = String(res.body.data.path).replace('/api/files/', '');
    expect(parseUploadKey(key)).not.toBeNull();
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toEqual([key]);
    for (const f of added) expect(f.startsWith('..')).toBe(false);
  });

  it('keeps nothing outside the storage folder', async () => {
    const outside = path.resolve(t.config.filesDir, '../../etc/passwd');
    await upload(form(UploadType.FILE, '../../etc/passwd', Buffer.from('root:x:0:0')));
    const leaked = await fs.readFile(outside, 'utf8').catch(() => null);
    expect(leaked === null || !leaked.includes('root:x:0:0')).toBe(true);
    for (const f of await storedFiles()) expect(f.split(path.sep)[0]).toMatch(/^\d{1,2}$/);
  });

  it('cuts a very long name to 255 characters and keeps its extension out of the key', async () => {
    const long = `${'名'.repeat(5_000)}.txt`;
    const res = await upload(form(UploadType.FILE, long, Buffer.from('x')));
    expect(res.http).toBe(200);
    expect(Array.from(res.body.data.filename as string)).toHaveLength(255);
    expect(String(res.body.data.path)).toMatch(/\/[0-9a-f]{32}\.bin$/);
  });

  // Names a multipart header cannot carry as they are (browsers escape them), given to the service.
  it('drops line breaks from a name', async () => {
    const stored = await serviceUpload('line\r\nbreak\u0085.txt', Buffer.from('x'));
    expect(stored.filename).toBe('linebreak.txt');
  });

  it('drops zero-width and other invisible characters from a name, as from every single-line text', async () => {
    const stored = await serviceUpload('\uFEFF請求\u200B書\u00AD\u2060.pdf', Buffer.from('x'));
    expect(stored.filename).toBe('請求書.pdf');
  });

  it('offers the name for download as plain data: no header injection, the exact name encoded', async () => {
    const name = 'a"; filename=evil.html; x=".txt';
    const stored = await serviceUpload(name, Buffer.from('x'));
    expect(stored.filename).toBe(name);
    const key = stored.path.replace('/api/files/', '');
    const file = await t.app.inject({ method: 'GET', url: await privateFileLink(t.app.deps, key) });
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="a_; filename=evil.html; x=_.txt"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(file.headers['content-type']).toBe('application/octet-stream');
  });

  it.each([
    '/api/files/../../etc/passwd',
    '/api/files/..%2F..%2Fetc%2Fpasswd',
    '/api/files/%2e%2e/%2e%2e/etc/passwd',
    '/api/files/1/2025/01/..%2F..%2F..%2F..%2Fpackage.json',
    '/api/files/1%00.png',
  ])('answers 404 to the path %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('decompression bombs', () => {
  it.each(IMAGE_TYPES)(
    'refuses a small PNG declaring 10,000 × 10,000 px as upload type %i, keeping nothing',
    async (type) => {
      const bomb = await pngDeclaring(10_000, 10_000);
      expect(bomb.length).toBeLessThan(1_000);
      const res = await expectNothingKept(() => upload(form(type, 'bomb.png', bomb)));
      expect(res).toMatchObject({ http: 400, body: { status: 400, info: ja.imageTooManyPixels } });
    },
  );

  it('refuses GIF and JPEG bombs too', async () => {
    for (const [name, data] of [
      ['bomb.gif', await gifBomb()],
      ['bomb.jpg', await jpegBomb()],
    ] as const) {
      const res = await expectNothingKept(() => upload(form(UploadType.COVER, name, data)));
      expect(res.body.info, name).toBe(ja.imageTooManyPixels);
    }
  });

  it('draws the line at LIMITS.imageMaxPixels', async () => {
    expect(LIMITS.imageMaxPixels).toBe(50_000_000);
    const at = await upload(form(UploadType.COVER, 'at.png', await pngDeclaring(10_000, 5_000)));
    expect(at.http).toBe(200);
    const over = await expectNothingKept(async () =>
      upload(form(UploadType.COVER, 'over.png', await pngDeclaring(10_000, 5_001))),
    );
    expect(over.body.info).toBe(ja.imageTooManyPixels);
  });

  it('refuses a bomb uploaded as a draft page (any type, image required), keeping nothing', async () => {
    const service = createUploadsService(t.app.deps);
    const bomb = await pngDeclaring(10_000, 10_000);
    const file = { filename: 'page.png', stream: Readable.from([bomb]), truncated: () => false };
    const refused = await expectNothingKept(() =>
      service.upload(userId, String(UploadType.PAGE), file, { image: true }).catch((err: unknown) => err),
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ httpStatus: 400, key: 'imageTooManyPixels' });
  });

  it('says so in every language', async () => {
    for (const lang of ['ja', 'zh', 'en'] as const) {
      const { payload, headers } = multipartBody(
        form(UploadType.COVER, 'b.png', await pngDeclaring(20_000, 20_000)),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: contract.uploads.upload.path,
        payload,
        headers: { ...headers, token },
        cookies: { koma_lang: lang },
      });
      expect(res.json()).toMatchObject({ status: 400, info: MESSAGES[lang].imageTooManyPixels });
    }
  });

  it('still accepts an ordinary image of each format', async () => {
    for (const format of ['png', 'gif', 'jpeg'] as const) {
      const data = await image(format, 1200, 1700);
      const res = await upload(form(UploadType.SAMPLE, `page.${format}`, data));
      expect(res.http, format).toBe(200);
    }
    expect((await sharp(await image('png', 1200, 1700)).metadata()).width).toBe(1200);
  });
});
