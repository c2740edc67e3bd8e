import { MESSAGES, StepStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { chapterStatus, todoCounts } from '../../test/chapter-fixtures.js';
import type { Person } from '../../test/people-fixtures.js';
import { present } from '../../test/present.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { image } from '../../test/upload-test-helpers.js';
import {
  act,
  approvedChapter,
  finishStep,
  pageFile,
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

const noticesOf = async (who: Person) =>
  (await call(t, contract.notices.list, {}, who.token)).body.data.notices.map((n) => n.message);

async function fetchStatus(url: string) {
  return (await t.app.inject({ method: 'GET', url })).statusCode;
}

describe('the page work flow plan (/chapter/settings)', () => {
  it('offers each position to its holders and the founder, and only the founder saves it', async () => {
    const p = await approvedChapter(t, 1);
    const ref = { projectId: p.projectId, chapterId: p.chapterId };
    const list = (await call(t, contract.workflow.positions, ref, p.artist.token)).body.data.list;
    const membersOf = (pos: number) => list.find((e) => e.pos_id === pos)?.members.map((m) => m.id);
    expect(membersOf(2)).toEqual([p.founder.id, p.artist.id]);
    expect(membersOf(5)).toEqual([p.founder.id, p.assistant.id]);
    expect(membersOf(6)).toEqual([p.founder.id]);
    expect((await call(t, contract.workflow.positions, ref, p.stranger.token)).http).toBe(404);

    const steps = [{ posId: 2, ownerUserId: p.artist.id }];
    const pages = [{ pageId: p.pageIds[0] as number, steps }];
    expect(await todoCounts(t, p.founder)).toMatchObject({ 14: 1 });
    expect((await savePlan(t, p, pages, p.artist)).http).toBe(403);
    expect((await savePlan(t, p, pages, p.editor)).http).toBe(403);
    expect((await savePlan(t, p, pages, p.stranger)).http).toBe(404);
    expect(await chapterStatus(t, p.founder, p.projectId, p.chapterId)).toMatchObject({ status: 2 });

    const res = await savePlan(t, p, pages);
    expect(res).toMatchObject({ http: 200, body: { info: ja.workflowSaved } });
    expect(await chapterStatus(t, p.founder, p.projectId, p.chapterId)).toMatchObject({ status: 3 });
    expect(await todoCounts(t, p.founder)).not.toHaveProperty('14');
    const plan = (await call(t, contract.workflow.plan, ref, p.assistant.token)).body.data;
    expect(plan.editable).toBe(false);
    expect(plan.pages[0]?.steps).toEqual([
      expect.objectContaining({
        pos_id: 2,
        position: 'メイン作画',
        owner_user_id: p.artist.id,
        locked: false,
      }),
    ]);
  });

  it.each([
    ['an unknown task', { posId: 99 }, ja.taskRequired],
    ['no task', { posId: 0 }, ja.taskRequired],
    ['a member who does not hold the position', { posId: 5 }, ja.assigneeNotMember],
    ['someone outside the project', { ownerUserId: -1 }, ja.assigneeRequired],
  ])('refuses a step with %s and changes nothing', async (_, change, info) => {
    const p = await approvedChapter(t, 1);
    const step = { posId: 2, ownerUserId: p.artist.id, ...change };
    const res = await savePlan(t, p, [{ pageId: p.pageIds[0] as number, steps: [step] }]);
    expect(res).toMatchObject({ http: 400, body: { info } });
    expect(await chapterStatus(t, p.founder, p.projectId, p.chapterId)).toMatchObject({ status: 2 });
  });

  it('is refused before the storyboard is approved', async () => {
    const { productionTeam, addChapter } = await import('../../test/chapter-fixtures.js');
    const team = await productionTeam(t);
    const chapterId = await addChapter(t, team.founder, team.projectId, { page: '1' });
    const pageId = (
      await call(t, contract.pages.list, { projectId: team.projectId, chapterId }, team.founder.token)
    ).body.data.list[0]?.id as number;
    const res = await call(
      t,
      contract.workflow.savePlan,
      {
        projectId: team.projectId,
        chapterId,
        pages: [{ pageId, steps: [{ posId: 2, ownerUserId: team.founder.id }] }],
      },
      team.founder.token,
    );
    expect(res).toMatchObject({ http: 409, body: { info: ja.workflowNotReady } });
  });

  it('keeps started steps in place: they cannot be deleted, moved or changed (削除禁止！)', async () => {
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const pageId = p.pageIds[0] as number;
    const [first, second] = (await pageSteps(t, p, pageId)).steps;
    if (!first || !second) throw new Error('two steps expected');
    expect((await act(t, p, p.artist, 'actionStart', first.step_id)).http).toBe(200);

    const locked = { stepId: first.step_id, posId: 2, ownerUserId: p.artist.id };
    const other = { stepId: second.step_id, posId: 5, ownerUserId: p.assistant.id };
    for (const steps of [[other], [other, locked], [{ ...locked, ownerUserId: p.founder.id }, other]]) {
      expect(await savePlan(t, p, [{ pageId, steps }])).toMatchObject({
        http: 400,
        body: { info: ja.stepLocked },
      });
    }
    const added = { posId: 2, ownerUserId: p.founder.id };
    expect((await savePlan(t, p, [{ pageId, steps: [locked, added, other] }])).http).toBe(200);
    const after = (await pageSteps(t, p, pageId)).steps;
    expect(after.map((s) => [s.step_id === first.step_id, s.status])).toEqual([
      [true, StepStatus.IN_PROGRESS],
      [false, 0],
      [false, 0],
    ]);
  });
});

describe('the steps of a page (/chapter/details)', () => {
  it('run in order: start, hand in, send back with a reason, hand in again, approve, next', async () => {
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const pageId = p.pageIds[0] as number;
    const { steps, current_step } = await pageSteps(t, p, pageId, p.artist);
    const [pencils, backgrounds] = steps;
    if (!pencils || !backgrounds) throw new Error('two steps expected');
    expect(current_step).toMatchObject({ step_id: pencils.step_id, current_user_id: p.artist.id });
    expect(pencils.actions).toEqual({ start: true, commit: false, audit: false });
    expect(await todoCounts(t, p.artist)).toMatchObject({ 25: 1 });
    expect(await todoCounts(t, p.assistant)).not.toHaveProperty('25');

    // Out of turn, not theirs, not a member.
    expect(await act(t, p, p.assistant, 'actionStart', backgrounds.step_id)).toMatchObject({
      http: 409,
      body: { info: ja.notYourTurn },
    });
    expect(await act(t, p, p.founder, 'actionStart', pencils.step_id)).toMatchObject({
      http: 403,
      body: { info: ja.notYourStep },
    });
    expect((await act(t, p, p.stranger, 'actionStart', pencils.step_id)).http).toBe(404);

    // Start: the input is the approved storyboard page.
    const started = await act(t, p, p.artist, 'actionStart', pencils.step_id);
    expect(started).toMatchObject({ http: 200, body: { info: ja.workStarted } });
    expect(await fetchStatus(started.body.data.downloadUrl)).toBe(200);
    expect((await act(t, p, p.artist, 'actionStart', pencils.step_id)).http).toBe(409);

    // Hand in: only the assignee's own page-file upload.
    const foreign = await pageFile(t, p.assistant);
    expect(await act(t, p, p.artist, 'actionCommit', pencils.step_id, { filePath: foreign })).toMatchObject({
      http: 400,
      body: { info: ja.uploadPathInvalid },
    });
    expect((await act(t, p, p.artist, 'actionCommit', pencils.step_id, { filePath: '' })).body.info).toBe(
      ja.filePathRequired,
    );
    const work = await pageFile(t, p.artist, '下書き.png');
    expect((await act(t, p, p.artist, 'actionCommit', pencils.step_id, { filePath: work })).http).toBe(200);
    expect(await todoCounts(t, p.founder)).toMatchObject({ 21: 1 });
    // The artist handed it in: the founder decides (workflow-approval.test.ts).
    expect(await todoCounts(t, p.artist)).not.toHaveProperty('21');
    expect(await todoCounts(t, p.artist)).not.toHaveProperty('25');
    expect((await noticesOf(p.founder))[0]).toContain('を提出しました');

    // Only the founder and main artists approve or send back.
    expect((await act(t, p, p.assistant, 'actionAuditPass', pencils.step_id)).http).toBe(403);
    expect((await act(t, p, p.editor, 'actionAuditPass', pencils.step_id)).http).toBe(403);
    expect(await act(t, p, p.founder, 'actionAuditReject', pencils.step_id, { remark: '  ' })).toMatchObject({
      http: 400,
      body: { info: ja.remarkRequired },
    });
    const sample = await (async () => {
      const { form, upload } = await import('../../test/upload-test-helpers.js');
      return (await upload(t, form(15, 'example.png', await image('png')), p.founder.token)).body.data.path;
    })();
    const rejected = await act(t, p, p.founder, 'actionAuditReject', pencils.step_id, {
      remark: '背景の線をもう少し細く',
      filePath: sample,
    });
    expect(rejected).toMatchObject({ http: 200, body: { info: ja.workRejected } });
    expect(await todoCounts(t, p.artist)).toMatchObject({ 23: 1 });
    expect(await todoCounts(t, p.founder)).not.toHaveProperty('21');
    expect((await noticesOf(p.artist))[0]).toContain('背景の線をもう少し細く');
    const comments = (await act(t, p, p.assistant, 'commentList', pencils.step_id)).body.data.list;
    expect(comments).toEqual([
      expect.objectContaining({ kind: 'reject', remark: '背景の線をもう少し細く', file_name: 'example.png' }),
    ]);
    expect(await fetchStatus(present(comments[0], 'comment').download_url)).toBe(200);

    // Hand in again, approve: the next step becomes current and its assignee is told.
    expect(
      (await act(t, p, p.artist, 'actionCommit', pencils.step_id, { filePath: await pageFile(t, p.artist) }))
        .http,
    ).toBe(200);
    expect((await act(t, p, p.artist, 'actionAuditPass', pencils.step_id)).http).toBe(403);
    expect((await act(t, p, p.founder, 'actionAuditPass', pencils.step_id)).http).toBe(200);
    expect((await act(t, p, p.founder, 'actionAuditPass', pencils.step_id)).http).toBe(409);
    const history = (await act(t, p, p.founder, 'commitList', pencils.step_id)).body.data.list;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['commit', 'reject', 'commit']);
    expect(history[2]).toMatchObject({ file_name: '下書き.png', user: p.artist.nickname });

    const after = await pageSteps(t, p, pageId, p.assistant);
    expect(after.current_step).toMatchObject({
      step_id: backgrounds.step_id,
      current_user_id: p.assistant.id,
    });
    expect(after.steps[1]?.actions).toEqual({ start: true, commit: false, audit: false });
    expect(await todoCounts(t, p.assistant)).toMatchObject({ 25: 1 });
    expect((await noticesOf(p.assistant))[0]).toContain('1ページの背景デザインを開始できます');
    // The next step starts from the previous step's result.
    const next = await act(t, p, p.assistant, 'actionStart', backgrounds.step_id);
    expect(next.body.data.downloadUrl).toContain(after.steps[0]?.download_url.split('?')[0]);
  });

  it('says why a step was sent back on its work-list row and in its dialog, until it is handed in again', async () => {
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const pageId = p.pageIds[0] as number;
    const ref = { projectId: p.projectId, chapterId: p.chapterId };
    const pencils = (await pageSteps(t, p, pageId)).steps[0]?.step_id as number;
    const row = async () =>
      (await call(t, contract.workflow.pages, ref, p.assistant.token)).body.data.pages[0];
    const handIn = async () =>
      act(t, p, p.artist, 'actionCommit', pencils, { filePath: await pageFile(t, p.artist) });
    await act(t, p, p.artist, 'actionStart', pencils);
    await handIn();
    expect((await row())?.send_back).toBeNull();

    await act(t, p, p.founder, 'actionAuditReject', pencils, { remark: '最初の指摘' });
    await handIn();
    const { form, upload } = await import('../../test/upload-test-helpers.js');
    const example = (await upload(t, form(15, 'example.png', await image('png')), p.founder.token)).body.data
      .path;
    await act(t, p, p.founder, 'actionAuditReject', pencils, {
      remark: '手の指を描き直してください',
      filePath: example,
    });
    await t.settleJobs();

    // The latest sending back, with who sent it and the example, for every member to read.
    const sendBack = {
      remark: '手の指を描き直してください',
      user: p.founder.nickname,
      create_time: expect.stringMatching(/^\d{4}-/),
      renditions: expect.objectContaining({
        status: 'ready',
        thumb: expect.stringContaining('/api/renditions/'),
      }),
      download_url: expect.stringContaining('/api/files/'),
    };
    expect((await row())?.send_back).toEqual(sendBack);
    const dialog = await pageSteps(t, p, pageId, p.assistant);
    expect(dialog.steps[0]?.send_back).toEqual(sendBack);
    expect(dialog.steps[1]?.send_back).toBeNull();
    expect(await fetchStatus(dialog.steps[0]?.send_back?.download_url ?? '')).toBe(200);

    // Handed in again: the reason stays in the history, no longer on the row.
    await handIn();
    expect((await row())?.send_back).toBeNull();
    expect((await pageSteps(t, p, pageId)).steps[0]?.send_back).toBeNull();
  });

  it('lets exactly one of two racing approvals win, with one notice', async () => {
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const pageId = p.pageIds[0] as number;
    const [pencils, backgrounds] = (await pageSteps(t, p, pageId)).steps.map((s) => s.step_id) as [
      number,
      number,
    ];
    await finishStep(t, p, p.artist, pencils);
    // The assistant's step: the founder and the main artist may both decide on it.
    await act(t, p, p.assistant, 'actionStart', backgrounds);
    await act(t, p, p.assistant, 'actionCommit', backgrounds, { filePath: await pageFile(t, p.assistant) });
    const before = (await noticesOf(p.assistant)).length;
    const results = await Promise.all([
      act(t, p, p.founder, 'actionAuditPass', backgrounds),
      act(t, p, p.artist, 'actionAuditPass', backgrounds),
      act(t, p, p.founder, 'actionAuditReject', backgrounds, { remark: '差し戻し' }),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409, 409]);
    // The assignee hears of the outcome once: approved or sent back, never both.
    expect((await noticesOf(p.assistant)).length - before).toBe(1);
    const status = (await pageSteps(t, p, pageId)).steps[1]?.status;
    expect([StepStatus.DONE, StepStatus.REJECTED]).toContain(status);
  });

  it('hides every step and file from strangers and from other projects', async () => {
    const p = await approvedChapter(t, 1);
    const other = await approvedChapter(t, 1);
    await standardPlan(t, p);
    const stepId = (await pageSteps(t, p, p.pageIds[0] as number)).steps[0]?.step_id as number;
    // The founder of another project, naming their own project with this step.
    expect((await act(t, other, other.founder, 'commitList', stepId)).http).toBe(404);
    expect(
      (
        await call(
          t,
          contract.workflow.page,
          { projectId: other.projectId, chapterId: other.chapterId, pageId: p.pageIds[0] as number },
          other.founder.token,
        )
      ).http,
    ).toBe(404);
    expect(
      (
        await call(
          t,
          contract.workflow.pages,
          { projectId: p.projectId, chapterId: p.chapterId },
          p.stranger.token,
        )
      ).http,
    ).toBe(404);
  });
});
