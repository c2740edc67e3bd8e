import { type ViewerPagesData, WatermarkMode, WatermarkOriginals } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvedChapter, firstStepHandedIn, type Production } from '../../test/workflow-test-helpers.js';
import { patternOf, patternSizeOf, watermarkPicture, watermarkText } from './watermark-image.js';

let t: TestApp;
let p: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 1);
  await firstStepHandedIn(t, p);
  await t.settleJobs();
});
afterAll(() => t.close());

const save = (who: Person, mode: WatermarkMode, originals: WatermarkOriginals = WatermarkOriginals.REFUSE) =>
  call(t, contract.accessRecord.saveWatermark, { projectId: p.projectId, mode, originals }, who.token);

async function newestRevision(who: Person) {
  const res = await call(
    t,
    contract.workflow.viewer,
    { projectId: p.projectId, chapterId: p.chapterId },
    who.token,
  );
  expect(res.http).toBe(200);
  const page = (res.body.data as ViewerPagesData).pages[0];
  const revision = page?.revisions.at(-1);
  if (!revision) throw new Error('no revision');
  return revision;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
async function raw(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return sharp(res.rawPayload).raw().toBuffer();
}
const tileOf = (dzi: string) => dzi.replace(/tiles\.dzi$/, 'tiles_files/0/0_0.webp');
const differing = (a: Buffer, b: Buffer) => a.filter((v, i) => v !== b[i]).length;

describe('the watermark setting', () => {
  it('is off by default, shown to every member, changed by the founder or the editor in charge', async () => {
    const read = await call(
      t,
      contract.accessRecord.watermark,
      { projectId: p.projectId },
      p.assistant.token,
    );
    expect(read.body.data).toMatchObject({ mode: 'off', originals: 'refuse', mayChange: false });
    expect((await save(p.assistant, WatermarkMode.MEMBERS)).http).toBe(403);
    expect((await save(p.stranger, WatermarkMode.MEMBERS)).http).toBe(404);
    const byEditor = await save(p.editor, WatermarkMode.MEMBERS);
    expect(byEditor.http).toBe(200);
    expect(byEditor.body.data.mode).toBe('members');
  });

  it('lets only the founder choose what originals do, and records the change in the activity', async () => {
    const refused = await save(p.editor, WatermarkMode.MEMBERS, WatermarkOriginals.WATERMARK);
    expect(refused.http).toBe(403);
    expect((await save(p.founder, WatermarkMode.MEMBERS, WatermarkOriginals.WATERMARK)).http).toBe(200);
    const events = await call(t, contract.projects.events, { projectId: p.projectId }, p.founder.token);
    expect(JSON.stringify(events.body.data)).toContain('watermark_changed');
  });
});

describe('watermarked pictures', () => {
  it('serve an assistant tiles and previews that differ from the clean ones, the founder clean ones', async () => {
    await save(p.founder, WatermarkMode.MEMBERS, WatermarkOriginals.WATERMARK);
    const mine = await newestRevision(p.assistant);
    const clean = await newestRevision(p.founder);
    expect(mine.renditions?.preview).toMatch(/\/w\.[0-9A-Z]{6}\//);
    expect(clean.renditions?.preview).not.toMatch(/\/w\./);
    const [marked, plain] = await Promise.all([
      raw(mine.renditions?.preview ?? ''),
      raw(clean.renditions?.preview ?? ''),
    ]);
    expect(marked.length).toBe(plain.length);
    expect(differing(marked, plain)).toBeGreaterThan(marked.length / 100);
    const tile = await get(tileOf(mine.renditions?.dzi ?? ''));
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/webp');
  });

  it('cannot be asked for clean by dropping the code from the link', async () => {
    const mine = await newestRevision(p.assistant);
    const stripped = (mine.renditions?.preview ?? '').replace(/w\.[0-9A-Z]{6}\//, '');
    expect((await get(stripped)).statusCode).toBe(404);
    const other = (mine.renditions?.preview ?? '').replace(/w\.([0-9A-Z]{6})\//, 'w.ZZZZZZ/');
    expect((await get(other)).statusCode).toBe(404);
  });

  it('carry a code that the record finds the viewer by, read back from a served tile', async () => {
    const mine = await newestRevision(p.assistant);
    const clean = await newestRevision(p.founder);
    const served = await get(tileOf(mine.renditions?.dzi ?? ''));
    const plain = (await get(tileOf(clean.renditions?.dzi ?? ''))).rawPayload;
    // Which code's pattern, drawn over the clean tile, gives the served bytes: the one the record issued.
    const record = await call(t, contract.accessRecord.list, { projectId: p.projectId }, p.founder.token);
    const codes = [...new Set(record.body.data.list.map((r) => r.code).filter(Boolean))];
    expect(codes.length).toBeGreaterThan(0);
    const servedPixels = await sharp(served.rawPayload).raw().toBuffer();
    let match = '';
    for (const code of codes) {
      const found = await call(
        t,
        contract.accessRecord.code,
        { projectId: p.projectId, code },
        p.founder.token,
      );
      const text = watermarkText(found.body.data.nick, found.body.data.day, code);
      const redrawn = await watermarkPicture(
        plain,
        await patternOf(text, patternSizeOf('tiles_files/0/0_0.webp')),
      );
      if (differing(await sharp(redrawn).raw().toBuffer(), servedPixels) === 0) match = code;
    }
    const viewer = await call(
      t,
      contract.accessRecord.code,
      { projectId: p.projectId, code: match },
      p.editor.token,
    );
    expect(viewer.body.data).toMatchObject({
      found: true,
      userId: p.assistant.id,
      nick: p.assistant.nickname,
    });
  });

  it('give a watermarked viewer the preview with their mark for an original, or nothing when refused', async () => {
    const mine = await newestRevision(p.assistant);
    expect(mine.downloadUrl).toContain('/w.');
    const download = await get(mine.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    await save(p.founder, WatermarkMode.MEMBERS, WatermarkOriginals.REFUSE);
    expect((await newestRevision(p.assistant)).downloadUrl).toBe('');
    const clean = (await newestRevision(p.founder)).downloadUrl;
    expect((await get(clean)).statusCode).toBe(200);
    const forged = clean.replace(`by=${p.founder.id}`, `by=${p.assistant.id}`);
    expect((await get(forged)).statusCode).toBe(404);
    const record = await call(
      t,
      contract.accessRecord.list,
      { projectId: p.projectId, kind: 'original', userId: p.founder.id },
      p.founder.token,
    );
    expect(record.body.data.list[0]).toMatchObject({ userId: p.founder.id, pageNum: 1, code: '' });
  });
});

describe('the access record', () => {
  it('lists looks once per viewer, file, kind and hour with a count, and downloads, with a hashed network', async () => {
    const mine = await newestRevision(p.assistant);
    await get(mine.renditions?.thumb ?? '');
    await get(mine.renditions?.thumb ?? '');
    const res = await call(
      t,
      contract.accessRecord.list,
      { projectId: p.projectId, userId: p.assistant.id, kind: 'thumb' },
      p.founder.token,
    );
    expect(res.http).toBe(200);
    const [row] = res.body.data.list;
    expect(res.body.data.list).toHaveLength(1);
    expect(row).toMatchObject({ userId: p.assistant.id, kind: 'thumb', pageNum: 1, chapterId: p.chapterId });
    expect(row?.count).toBe(2);
    expect(row?.network).toMatch(/^[0-9a-f]{12}$/);
    expect(JSON.stringify(res.body.data)).not.toContain('203.0.113');
    const downloads = await call(
      t,
      contract.accessRecord.list,
      { projectId: p.projectId, kind: 'original' },
      p.editor.token,
    );
    expect(downloads.body.data.list.some((r) => r.userId === p.assistant.id)).toBe(true);
  });

  it('filters by page, exports CSV, and is refused to members outside the editorial side', async () => {
    const page = await call(
      t,
      contract.accessRecord.list,
      { projectId: p.projectId, chapterId: p.chapterId, pageNum: 1 },
      p.founder.token,
    );
    expect(page.body.data.total).toBeGreaterThan(0);
    const none = await call(
      t,
      contract.accessRecord.list,
      { projectId: p.projectId, chapterId: p.chapterId, pageNum: 2 },
      p.founder.token,
    );
    expect(none.body.data.total).toBe(0);
    const csv = await call(t, contract.accessRecord.csv, { projectId: p.projectId }, p.editor.token);
    expect(csv.body.data.csv.split('\r\n')[0]).toContain('last_at');
    expect(csv.body.data.csv).toContain(p.assistant.nickname);
    for (const who of [p.assistant, p.artist]) {
      expect((await call(t, contract.accessRecord.list, { projectId: p.projectId }, who.token)).http).toBe(
        403,
      );
      expect((await call(t, contract.accessRecord.csv, { projectId: p.projectId }, who.token)).http).toBe(
        403,
      );
      expect(
        (await call(t, contract.accessRecord.code, { projectId: p.projectId, code: 'ABCDEF' }, who.token))
          .http,
      ).toBe(403);
    }
    expect(
      (await call(t, contract.accessRecord.list, { projectId: p.projectId }, p.stranger.token)).http,
    ).toBe(404);
  });
});
