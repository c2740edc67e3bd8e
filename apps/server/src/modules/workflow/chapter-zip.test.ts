import { COOKIE } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter, approveNames, productionTeam } from '../../test/chapter-fixtures.js';
import { readStoredZip } from '../../test/stored-zip.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  finishAllPages,
  finishStep,
  pageSteps,
  standardPlan,
} from '../../test/workflow-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pageImage = (colour: string) =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('the manuscript zip', () => {
  it('holds, per page, the file of its last completed step, named by page number', async () => {
    const p = await approvedChapter(t, 2);
    const ref = { projectId: p.projectId, chapterId: p.chapterId };
    await standardPlan(t, p);
    expect(await call(t, contract.workflow.downloadZip, ref, p.founder.token)).toMatchObject({
      http: 409,
      body: { info: '完成したページがまだありません' },
    });
    await finishAllPages(t, p);
    // Page 1 gets one more step, done with a file of its own: the zip carries that last one.
    const last = await pageImage('#0000ff');
    const steps = (await pageSteps(t, p, p.pageIds[0] as number)).steps.map((s, i) => ({
      stepId: s.step_id,
      posId: i === 0 ? 2 : 5,
      ownerUserId: i === 0 ? p.artist.id : p.assistant.id,
    }));
    await call(
      t,
      contract.workflow.savePlan,
      {
        ...ref,
        pages: [
          { pageId: p.pageIds[0] as number, steps: [...steps, { posId: 2, ownerUserId: p.artist.id }] },
        ],
      },
      p.founder.token,
    );
    const extra = (await pageSteps(t, p, p.pageIds[0] as number)).current_step?.step_id as number;
    await finishStep(t, p, p.artist, extra, last);

    const res = await t.app.inject({
      method: 'POST',
      url: contract.workflow.downloadZip.path,
      payload: ref,
      headers: { token: p.assistant.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // Named 作品名_第N話_種類 (docs/files.md), so two series' files never mix in a Downloads folder.
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('月の庭_第1話_原稿.zip'));
    const entries = readStoredZip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['p001.png', 'p002.png']);
    expect(entries.get('p001.png')?.equals(last)).toBe(true);
    expect((await sharp(entries.get('p002.png')).metadata()).format).toBe('png');

    // Strangers get nothing; the signed link works without a token, a forged one does not.
    expect((await call(t, contract.workflow.downloadZip, ref, p.stranger.token)).http).toBe(404);
    const link = await call(t, contract.workflow.downloadZip, { ...ref, link: true }, p.editor.token);
    const byLink = await t.app.inject({ method: 'GET', url: link.body.data.downloadUrl });
    expect(byLink.statusCode).toBe(200);
    expect(readStoredZip(byLink.rawPayload).size).toBe(2);
    const forged = link.body.data.downloadUrl.replace(
      `chapterId=${p.chapterId}`,
      `chapterId=${p.chapterId + 1}`,
    );
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });
  it('is named 作品名_第N話 in the reader’s language, safe on every disk whatever the series title', async () => {
    // Every character Windows or macOS refuses in a file name, and a trailing dot Windows drops.
    const team = await productionTeam(t, { title: 'a/b\\c:d*e?f"g<h>i|j 月の庭.' });
    await addChapter(t, team.founder, team.projectId);
    const chapterId = await addChapter(t, team.founder, team.projectId, { title: '第2話 つづき', page: '1' });
    await approveNames(t, team, chapterId);
    const list = await call(
      t,
      contract.pages.list,
      { projectId: team.projectId, chapterId },
      team.founder.token,
    );
    const p = { ...team, chapterId, pageIds: list.body.data.list.map((page) => page.id) };
    await standardPlan(t, p);
    await finishAllPages(t, p);

    const link = await call(
      t,
      contract.workflow.downloadZip,
      { projectId: p.projectId, chapterId, link: true },
      p.founder.token,
    );
    const nameIn = async (lang: string) => {
      const url = link.body.data.downloadUrl;
      const res = await t.app.inject({ method: 'GET', url, cookies: { [COOKIE.lang]: lang } });
      expect(res.statusCode).toBe(200);
      const exact = /filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'] as string)?.[1];
      return decodeURIComponent(exact ?? '');
    };
    expect(await nameIn('ja')).toBe('a_b_c_d_e_f_g_h_i_j 月の庭_第2話_原稿.zip');
    expect(await nameIn('zh')).toBe('a_b_c_d_e_f_g_h_i_j 月の庭_第2话_原稿.zip');
    expect(await nameIn('en')).toBe('a_b_c_d_e_f_g_h_i_j 月の庭_Chapter 2_manuscript.zip');
  });
});
