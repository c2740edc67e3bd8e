import { LIMITS, MESSAGES, UploadType } from '@koma/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';
import * as renderProcess from '../renditions/render-process.js';

// Every render child the server starts is seen: an avatar's decode must go there, or be refused.
vi.mock('../renditions/render-process.js', async (original) => {
  const actual = await original<typeof renderProcess>();
  return { ...actual, startRenderChild: vi.fn(actual.startRenderChild) };
});
const started = vi.mocked(renderProcess.startRenderChild);

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderConcurrency: 0 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  started.mockClear();
});

/**
 * A progressive JPEG of `width` × `height` px: noise in a corner, flat elsewhere, so it stays small
 * to send; libjpeg must still hold its coefficients whole (2 bytes a sample) to decode it.
 */
async function progressiveJpeg(width: number, height: number): Promise<Buffer> {
  const corner = await sharp({
    create: {
      width: 64,
      height: 64,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#e8d8c8' } })
    .composite([{ input: corner, left: 0, top: 0 }])
    .jpeg({ progressive: true, quality: 80 })
    .toBuffer();
}

async function thumbnailOf(path: string) {
  const res = await t.app.inject({ method: 'GET', url: `${path}?w=${LIMITS.avatarSizePx}` });
  const meta = await sharp(res.rawPayload).metadata();
  return [res.statusCode, meta.format, meta.width, meta.height];
}

async function uploadsNamed(filename: string) {
  const { rows } = await t.app.deps.db.execute(sql`select 1 from uploads where filename = ${filename}`);
  return rows.length;
}

describe('the thumbnail of an avatar', () => {
  it('is made for an ordinary avatar in the server, without a child process', async () => {
    const me = await person(t, 'creator');
    const res = await upload(t, form(UploadType.AVATAR, 'me.jpg', await image('jpeg', 1200, 900)), me.token);
    expect(res.http).toBe(200);
    expect(await thumbnailOf(res.body.data.path)).toEqual([200, 'webp', 80, 80]);
    expect(started).not.toHaveBeenCalled();
  });

  it('is made in a render child, one at a time, for a progressive JPEG whose decode is heavy', {
    timeout: 120_000,
  }, async () => {
    const me = await person(t, 'creator');
    // 20 MP: 120 MB of coefficients, too many for the server, within a child's budget.
    const heavy = await progressiveJpeg(5000, 4000);
    expect(heavy.length).toBeLessThan(LIMITS.imageMaxBytes);
    // Six at once: one in the child, four waiting their turn, the sixth told to come back.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(t, form(UploadType.AVATAR, `heavy${i}.jpg`, heavy), me.token),
      ),
    );
    expect(answers.map((a) => a.http).sort()).toEqual([200, 200, 200, 200, 200, 503]);
    expect(answers.find((a) => a.http === 503)?.body.info).toBe(ja.thumbnailBusy);
    for (const res of answers.filter((a) => a.http === 200))
      expect(await thumbnailOf(res.body.data.path)).toEqual([200, 'webp', 80, 80]);
    expect(started).toHaveBeenCalledTimes(5);
    expect(started.mock.calls[0]?.[3]).toEqual({ thumbnailEdge: LIMITS.avatarSizePx });
  });

  it('refuses a progressive 7000 × 7000 JPEG (49 MP) by its estimate, 8 at once, decoding none', {
    timeout: 60_000,
  }, async () => {
    const me = await person(t, 'creator');
    const bomb = await progressiveJpeg(7000, 7000);
    expect(bomb.length).toBeLessThan(LIMITS.imageMaxBytes);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(t, form(UploadType.AVATAR, `bomb${i}.jpg`, bomb), me.token)),
    );
    for (const res of answers) expect(res).toMatchObject({ http: 400, body: { info: ja.imageTooHeavy } });
    expect(started).not.toHaveBeenCalled();
    for (let i = 0; i < 8; i++) expect(await uploadsNamed(`bomb${i}.jpg`)).toBe(0);
  });

  it('still stores the same image as a cover: its renditions are made by the render job, within its budget', async () => {
    const me = await person(t, 'creator');
    const res = await upload(
      t,
      form(UploadType.COVER, 'cover.jpg', await progressiveJpeg(7000, 7000)),
      me.token,
    );
    expect(res.http).toBe(200);
    expect(started).not.toHaveBeenCalled();
  });
});
