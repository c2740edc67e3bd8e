import type { ViewerPagesData } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  act,
  approvedChapter,
  finishStep,
  firstStepHandedIn,
  type Production,
  pageFile,
  pageSteps,
} from '../../test/workflow-test-helpers.js';

let t: TestApp;
let p: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 2);
  // The main artist's step of page 1: handed in, sent back, handed in again and passed.
  const stepId = await firstStepHandedIn(t, p);
  await act(t, p, p.founder, 'actionAuditReject', stepId, { remark: '線を整えてください' });
  await act(t, p, p.artist, 'actionStart', stepId);
  await act(t, p, p.artist, 'actionCommit', stepId, { filePath: await pageFile(t, p.artist) });
  await act(t, p, p.founder, 'actionAuditPass', stepId);
  const [, second] = (await pageSteps(t, p, p.pageIds[0] as number)).steps;
  await finishStep(t, p, p.assistant, second?.step_id as number);
});
afterAll(() => t.close());

async function viewer(token: string, lang = 'ja') {
  const res = await t.app.inject({
    method: 'POST',
    url: contract.workflow.viewer.path,
    payload: { projectId: p.projectId, chapterId: p.chapterId },
    headers: { token, cookie: `koma_lang=${lang}` },
  });
  return { http: res.statusCode, body: res.json() as { data: unknown } };
}

describe('the page viewer of a chapter', () => {
  it('lists every page with the storyboard and each handed-in file, numbered per step', async () => {
    const res = await viewer(p.assistant.token);
    expect(res.http).toBe(200);
    const data = res.body.data as ViewerPagesData;
    expect(data.direction).toBe('rtl');
    expect(data.pages.map((page) => page.num)).toEqual([1, 2]);
    const labels = data.pages[0]?.revisions.map((r) => r.label);
    expect(labels).toEqual(['ネーム', 'メイン作画 第1版', 'メイン作画 第2版', '背景デザイン 第1版']);
    expect(data.pages[1]?.revisions.map((r) => r.label)).toEqual(['ネーム']);
    const ids = data.pages[0]?.revisions.map((r) => r.id) ?? [];
    expect(new Set(ids).size).toBe(4);
  });

  it('names the revisions in the reader language', async () => {
    const data = (await viewer(p.founder.token, 'en')).body.data as ViewerPagesData;
    expect(data.pages[0]?.revisions.at(1)?.label).toBe('Main artist, version 1');
  });

  it('gives the renditions the job made: links that serve WebP and the tile descriptor', async () => {
    await t.settleJobs();
    const after = (await viewer(p.founder.token)).body.data as ViewerPagesData;
    const made = after.pages[0]?.revisions.at(-1)?.renditions;
    expect(made?.status).toBe('ready');
    const thumb = await t.app.inject({ method: 'GET', url: made?.thumb as string });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    const dzi = await t.app.inject({ method: 'GET', url: made?.dzi as string });
    expect(dzi.statusCode).toBe(200);
    expect(dzi.body).toContain('<Image');
    // The original's size, as the tiles show it: the viewer lays a vertical chapter out from it.
    const side = (name: string) => Number(dzi.body.match(new RegExp(`${name}="(\\d+)"`))?.[1]);
    expect([made?.width, made?.height]).toEqual([side('Width'), side('Height')]);
    // A tile, named relative to the descriptor as the deep-zoom viewer names it.
    const tile = await t.app.inject({
      method: 'GET',
      url: String(made?.dzi).replace(/\.dzi$/, '_files/0/0_0.webp'),
    });
    expect(tile.statusCode).toBe(200);
  });

  it('serves nothing but rendition files, and nothing under a changed signature', async () => {
    const data = (await viewer(p.founder.token)).body.data as ViewerPagesData;
    const thumb = data.pages[0]?.revisions.at(-1)?.renditions.thumb as string;
    const original = thumb.replace(/\.r\/thumb\.webp$/, '.r/../x');
    expect((await t.app.inject({ method: 'GET', url: original })).statusCode).toBe(404);
    const forged = thumb.replace(/\/(\d+)\//, (_, exp: string) => `/${Number(exp) + 3600}/`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('says the chapter’s state and who the reader is, for 閉じる from a link (issue 40)', async () => {
    const status = (
      await t.app.deps.db.query.chapters.findFirst({ where: (c, { eq }) => eq(c.id, p.chapterId) })
    )?.status;
    const as = async (token: string) => ((await viewer(token)).body.data as ViewerPagesData).chapter;
    expect(await as(p.founder.token)).toEqual({ status, isFounder: true, isEditor: false });
    expect(await as(p.editor.token)).toEqual({ status, isFounder: false, isEditor: true });
    expect(await as(p.artist.token)).toEqual({ status, isFounder: false, isEditor: false });
  });

  it('turns the pages as the founder set for the project; nobody else may set it', async () => {
    const memberView = (await viewer(p.artist.token)).body.data as ViewerPagesData;
    expect(memberView).toMatchObject({ direction: 'rtl', canSetDirection: false });
    expect((await viewer(p.founder.token)).body.data).toMatchObject({ canSetDirection: true });
    const set = (token: string, direction: string) =>
      t.app.inject({
        method: 'POST',
        url: contract.projects.readingDirection.path,
        payload: { projectId: p.projectId, direction },
        headers: { token },
      });
    expect((await set(p.artist.token, 'ltr')).statusCode).toBe(403);
    expect((await set(p.founder.token, 'sideways')).statusCode).toBe(400);
    expect((await viewer(p.artist.token)).body.data).toMatchObject({ direction: 'rtl' });
    expect((await set(p.founder.token, 'vertical')).statusCode).toBe(200);
    expect((await viewer(p.artist.token)).body.data).toMatchObject({ direction: 'vertical' });
  });

  it('shows nothing to a stranger to the project', async () => {
    const stranger = await person(t, 'creator');
    expect((await viewer(stranger.token)).http).toBe(404);
  });
});
