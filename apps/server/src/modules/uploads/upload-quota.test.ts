import { COOKIE, MESSAGES, messageWithWait, UPLOAD_QUOTAS, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, multipartStream, upload } from '../../test/upload-test-helpers.js';
import { uploads } from './uploads.table.js';

const ja = MESSAGES.ja;
const MIB = 1024 * 1024;
const HOUR_MS = 60 * 60_000;
const quota = (message: string) => {
  const found = UPLOAD_QUOTAS.find((q) => q.message === message);
  if (!found) throw new Error(`no quota ${message}`);
  return found;
};
const pages = quota('uploadQuota');
const pictures = quota('uploadQuotaPictures');
const files = quota('uploadQuotaFiles');

/** A quota's message in Japanese, whatever its wait says. */
const refusedWith = (key: keyof typeof ja) =>
  new RegExp(`^${ja[key].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{wait}}', '.+')}$`);

// The limits as they are, not raised as for the other tests.
let q: TestApp;
beforeAll(async () => {
  q = await createTestApp({ rateLimitMultiplier: 1, renderConcurrency: 0 });
});
afterAll(async () => {
  await q.close();
});

/** Rows as if `userId` had uploaded `count` files of `type` and `bytes` each, `agoMs` ago. */
async function uploadedBefore(userId: number, type: number, count: number, bytes: number, agoMs = 0) {
  const at = new Date(Date.now() - agoMs);
  const rows = Array.from({ length: count }, (_, i) => ({
    key: `${type}/2026/11/${userId}q${i}t${at.getTime()}.png`,
    userId,
    type,
    filename: 'earlier.png',
    ext: 'png',
    size: bytes,
    createdAt: at,
    attachedAt: at,
  }));
  await q.app.deps.db.insert(uploads).values(rows);
}

async function storedNamed(userId: number, filename: string) {
  const { rows } = await q.app.deps.db.execute(
    sql`select 1 from uploads where user_id = ${userId} and filename = ${filename}`,
  );
  return rows.length;
}

/** A folder file of `size` bytes, generated as it is sent, with the reply's retry-after. */
async function folderFile(token: string, filename: string, size: number) {
  const { payload, headers } = multipartStream([
    { name: 'type', value: String(UploadType.FILE) },
    { name: 'file', filename, data: { size } },
  ]);
  const res = await q.app.inject({
    method: 'POST',
    url: contract.uploads.upload.path,
    payload,
    headers: { ...headers, token },
  });
  return { http: res.statusCode, info: res.json().info as string, retryAfter: res.headers['retry-after'] };
}

describe('the hourly quota of page files', () => {
  it('refuses the next page file past the count with 429 and a message, and keeps nothing', async () => {
    const artist = await person(q, 'creator');
    await uploadedBefore(artist.id, UploadType.PAGE, pages.files - 1, 1);
    expect((await upload(q, form(11, 'last.png', await image('png')), artist.token)).http).toBe(200);
    const refused = await upload(q, form(11, 'one-more.png', await image('png')), artist.token);
    expect(refused.http).toBe(429);
    expect(refused.body.info).toMatch(refusedWith('uploadQuota'));
    expect(await storedNamed(artist.id, 'one-more.png')).toBe(0);
    // Other files are not page files: an avatar still goes in.
    expect((await upload(q, form(1, 'me.png', await image('png')), artist.token)).http).toBe(200);
  });

  it('refuses a page file that would pass the bytes of an hour', async () => {
    const artist = await person(q, 'creator');
    await uploadedBefore(artist.id, UploadType.PAGE, 1, pages.bytes - 100);
    const refused = await upload(q, form(11, 'big.png', await image('png')), artist.token);
    expect(refused.http).toBe(429);
    expect(refused.body.info).toMatch(refusedWith('uploadQuota'));
  });

  it('lets exactly one of several uploads racing for the last place in', async () => {
    const artist = await person(q, 'creator');
    await uploadedBefore(artist.id, UploadType.PAGE, pages.files - 1, 1);
    const data = await image('png');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upload(q, form(11, `race${i}.png`, data), artist.token)),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 429, 429, 429]);
  });
});

describe('the quota of folder files', () => {
  it('refuses an account of no project its next 100 MiB file past the bytes of an hour, saying when', {
    timeout: 120_000,
  }, async () => {
    const loner = await person(q, 'creator');
    const largest = 100 * MIB;
    const fit = Math.floor(files.bytes / largest);
    for (let i = 0; i < fit; i++)
      expect((await folderFile(loner.token, `big${i}.zip`, largest)).http).toBe(200);
    const refused = await folderFile(loner.token, 'one-more.zip', largest);
    expect(refused.http).toBe(429);
    // The first of the hour leaves it in about an hour: then the next one fits.
    expect(refused.info).toMatch(refusedWith('uploadQuotaFiles'));
    expect(Number(refused.retryAfter)).toBeGreaterThan(HOUR_MS / 1000 - 120);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(HOUR_MS / 1000);
    expect(await storedNamed(loner.id, 'one-more.zip')).toBe(0);
    // A small file still fits the bytes left, and other kinds of upload are not counted with these.
    expect((await folderFile(loner.token, 'small.pdf', 1000)).http).toBe(200);
    expect((await upload(q, form(1, 'me.png', await image('png')), loner.token)).http).toBe(200);
  });

  it('refuses past the count of an hour, and says the wait until the oldest leaves it', async () => {
    const loner = await person(q, 'creator');
    await uploadedBefore(loner.id, UploadType.FILE, files.files, 1, HOUR_MS - 10 * 60_000);
    const refused = await folderFile(loner.token, 'notes.pdf', 1000);
    expect(refused.http).toBe(429);
    expect(refused.info).toBe(messageWithWait('uploadQuotaFiles', 10 * 60_000, 'ja'));
    expect(refused.info).toContain('10分後');
  });
});

describe('the hourly quota of avatars and backgrounds', () => {
  it('refuses the next avatar past the count with 429 and its message; the hour after, it goes in', async () => {
    const artist = await person(q, 'creator');
    const png = await image('png');
    await uploadedBefore(artist.id, UploadType.AVATAR, pictures.files - 1, 1000);
    expect((await upload(q, form(1, 'last.png', png), artist.token)).http).toBe(200);
    const refused = await upload(q, form(1, 'one-more.png', png), artist.token);
    expect(refused.http).toBe(429);
    expect(refused.body.info).toMatch(refusedWith('uploadQuotaPictures'));
    const background = await upload(q, form(2, 'back.png', png), artist.token);
    expect(background.http).toBe(429);
    expect(await storedNamed(artist.id, 'one-more.png')).toBe(0);

    // As if the hour had passed: the same avatar goes in.
    await q.app.deps.db.execute(
      sql`update uploads set created_at = created_at - interval '61 minutes' where user_id = ${artist.id}`,
    );
    expect((await upload(q, form(1, 'one-more.png', png), artist.token)).http).toBe(200);
  });

  it('answers in the caller’s language', async () => {
    const artist = await person(q, 'creator');
    await uploadedBefore(artist.id, UploadType.AVATAR, pictures.files, 1000);
    const { payload, headers } = multipartStream(form(1, 'me.png', await image('png')));
    const res = await q.app.inject({
      method: 'POST',
      url: contract.uploads.upload.path,
      payload,
      headers: { ...headers, token: artist.token, cookie: `${COOKIE.lang}=en` },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().info).toBe(messageWithWait('uploadQuotaPictures', HOUR_MS, 'en'));
  });
});

describe('the daily quota of every type together', () => {
  it('refuses any upload once the day’s count is reached', async () => {
    const day = quota('uploadQuotaDay');
    const artist = await person(q, 'creator');
    // Spread over the day, so that no hourly quota is full.
    await uploadedBefore(artist.id, UploadType.PAGE, day.files, 1, 3 * HOUR_MS);
    const refused = await folderFile(artist.token, 'notes.pdf', 1000);
    expect(refused.http).toBe(429);
    expect(refused.info).toBe(messageWithWait('uploadQuotaDay', 21 * HOUR_MS, 'ja'));
  });
});
