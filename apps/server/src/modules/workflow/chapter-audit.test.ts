import { AuditStatus, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { chapterStatus, todoCounts } from '../../test/chapter-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  act,
  approvedChapter,
  chapterCall,
  finishAllPages,
  type Production,
  pageSteps,
  savePlan,
  standardPlan,
} from '../../test/workflow-test-helpers.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The chapter's status as the project's chapter list and the chapter header say it. */
const statusWords = async (p: Production) => {
  const list = (await call(t, contract.chapters.list, { projectId: p.projectId }, p.artist.token)).body.data;
  const details = await call(
    t,
    contract.chapters.detail,
    { projectId: p.projectId, chapterId: p.chapterId },
    p.artist.token,
  );
  const item = (list.list ?? list).find((c) => c.id === p.chapterId);
  return [item?.status_desc, details.body.data.status_desc];
};

const buttons = async (p: Production, who = p.founder) =>
  (await call(t, contract.workflow.pages, { projectId: p.projectId, chapterId: p.chapterId }, who.token)).body
    .data;

describe('the final (校了) audit', () => {
  it('is requested when every page is done, sent back with a reason, requested again and passed', async () => {
    const p = await approvedChapter(t, 2, { kind: 2 });
    await standardPlan(t, p);
    expect(await chapterCall(t, p, p.founder, 'actionCommit')).toMatchObject({
      http: 409,
      body: { info: ja.pagesNotDone },
    });
    expect((await buttons(p)).show_buttons).toEqual({
      edit: true,
      submit: false,
      audit: false,
      sign_off: false,
    });

    await finishAllPages(t, p);
    expect(await statusWords(p)).toEqual(['制作中', '制作中']);
    const list = await buttons(p);
    expect(list.pages.map((pg) => [pg.status, pg.percent_text])).toEqual([
      [10, '100%'],
      [10, '100%'],
    ]);
    expect(list.show_buttons).toEqual({ edit: true, submit: true, audit: false, sign_off: false });
    expect(list.audit_record).toBeNull();

    expect((await chapterCall(t, p, p.artist, 'actionCommit')).http).toBe(403);
    expect((await chapterCall(t, p, p.stranger, 'actionCommit')).http).toBe(404);
    expect(await chapterCall(t, p, p.founder, 'actionCommit')).toMatchObject({
      http: 200,
      body: { info: ja.finalSubmitted },
    });
    expect((await chapterCall(t, p, p.founder, 'actionCommit')).http).toBe(409);
    expect(await statusWords(p)).toEqual(['校了申請中', '校了申請中']);
    expect(await todoCounts(t, p.editor)).toMatchObject({ 26: 1 });
    expect((await buttons(p, p.editor)).show_buttons).toEqual({
      edit: false,
      submit: false,
      audit: true,
      sign_off: true,
    });
    expect((await buttons(p)).audit_record).toEqual({ audit_status: AuditStatus.WAITING, remark: '' });

    // Once requested, the flow is frozen.
    const pageId = p.pageIds[0] as number;
    expect(
      await savePlan(t, p, [{ pageId, steps: [{ posId: 2, ownerUserId: p.founder.id }] }]),
    ).toMatchObject({ http: 409, body: { info: ja.workflowNotEditable } });

    // Only the editor in charge decides; a reason is required to send it back.
    expect((await chapterCall(t, p, p.founder, 'actionAuditPass')).http).toBe(403);
    expect((await chapterCall(t, p, p.artist, 'actionAuditReject', { remark: 'x' })).http).toBe(403);
    expect(await chapterCall(t, p, p.editor, 'actionAuditReject', { remark: ' ' })).toMatchObject({
      http: 400,
      body: { info: ja.rejectReasonRequired },
    });
    expect(
      (await chapterCall(t, p, p.editor, 'actionAuditReject', { remark: '3ページ目の写植を修正' })).http,
    ).toBe(200);
    expect(await todoCounts(t, p.founder)).toMatchObject({ 27: 1 });
    expect(await todoCounts(t, p.editor)).not.toHaveProperty('26');
    expect((await buttons(p)).audit_record).toEqual({ audit_status: -10, remark: '3ページ目の写植を修正' });
    expect(await statusWords(p)).toEqual(['校了差し戻し', '校了差し戻し']);

    // Sent back: the founder may add a fix step, which must be done before asking again.
    const steps = (await pageSteps(t, p, pageId)).steps.map((s, i) => ({
      stepId: s.step_id,
      posId: i === 0 ? 2 : 5,
      ownerUserId: i === 0 ? p.artist.id : p.assistant.id,
    }));
    expect(
      (await savePlan(t, p, [{ pageId, steps: [...steps, { posId: 2, ownerUserId: p.artist.id }] }])).http,
    ).toBe(200);
    expect(await chapterCall(t, p, p.founder, 'actionCommit')).toMatchObject({ http: 409 });
    await finishAllPages(t, p);
    expect((await chapterCall(t, p, p.founder, 'actionCommit')).http).toBe(200);

    expect(await chapterCall(t, p, p.editor, 'actionAuditPass')).toMatchObject({
      http: 200,
      body: { info: ja.finalApproved },
    });
    expect(await chapterStatus(t, p.founder, p.projectId, p.chapterId)).toEqual({ status: 6, audit: 10 });
    expect((await chapterCall(t, p, p.editor, 'actionAuditPass')).http).toBe(409);
    expect((await buttons(p)).show_buttons).toEqual({
      edit: false,
      submit: false,
      audit: false,
      sign_off: false,
    });
    for (const who of [p.founder, p.editor, p.artist, p.assistant]) {
      const counts = await todoCounts(t, who);
      for (const type of [14, 25, 21, 23, 26, 27]) expect(counts).not.toHaveProperty(String(type));
    }
    // A serial goes on after one chapter.
    const project = await call(t, contract.projects.detail, { proId: p.projectId }, p.founder.token);
    expect(project.body.data.status).toBe(1);
  });

  it('completes a one-shot when its chapter passes, and tells the team', async () => {
    const p = await approvedChapter(t, 1, { kind: 1 });
    await standardPlan(t, p);
    await finishAllPages(t, p);
    await chapterCall(t, p, p.founder, 'actionCommit');
    const results = await Promise.all([
      chapterCall(t, p, p.editor, 'actionAuditPass'),
      chapterCall(t, p, p.editor, 'actionAuditPass'),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    const project = await call(t, contract.projects.detail, { proId: p.projectId }, p.founder.token);
    expect(project.body.data.status).toBe(2);
    const notices = (await call(t, contract.notices.list, {}, p.assistant.token)).body.data.notices;
    // Once, naming the editor who passed it.
    expect(notices.filter((n) => n.message.includes('の校了を承認しました')).map((n) => n.message)).toEqual([
      expect.stringMatching(new RegExp(`^${p.editor.nickname}さんが「.+」`)),
    ]);
    // Work is closed: nothing can be started, handed in or approved any more.
    const stepId = (await pageSteps(t, p, p.pageIds[0] as number)).steps[0]?.step_id as number;
    expect((await act(t, p, p.founder, 'actionAuditPass', stepId)).http).toBe(409);
  });
});
