import { ApplicationStatus, MESSAGES, Position, RecruitState } from '@koma/shared';
import { type ApiInput, contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter, chapterBody } from '../../test/chapter-fixtures.js';
import { person } from '../../test/people-fixtures.js';
import { recruitBody as baseRecruitBody, createProject, join, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishAllPages,
  standardPlan,
} from '../../test/workflow-test-helpers.js';

/**
 * A completed project (docs/recruitment.md): its team keeps reading, sharing files and talking on
 * the board; it takes no new recruitments, chapters or members.
 */
const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The recruitment these tests start: a storyboard artist (Position.STORYBOARD). */
const recruitBody = (projectId: number, over: object = {}): ApiInput<'recruitment', 'add'> =>
  baseRecruitBody(projectId, {
    positions: [{ position_id: Position.STORYBOARD, num: 1 }],
    ...over,
  }) as ApiInput<'recruitment', 'add'>;

describe('a completed project', () => {
  it('takes no new recruitment, chapter or applicant, and keeps its board, folders and chapters', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { positions: [2] });
    const waiting = await person(t, 'creator', { positions: [4] });
    const projectId = await createProject(t, founder, { title: '完成の作品' });
    await recruit(t, founder, projectId, [2, 4]);
    await join(t, founder, artist, projectId, 2);
    await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 4 }, waiting.token);
    const chapterId = await addChapter(t, founder, projectId);
    expect((await call(t, contract.projects.complete, { projectId }, founder.token)).http).toBe(200);

    const locked = { http: 409, body: { info: ja.projectCompletedLocked } };
    expect(await call(t, contract.recruitment.add, recruitBody(projectId), founder.token)).toMatchObject(
      locked,
    );
    expect(
      await call(
        t,
        contract.recruitment.add,
        recruitBody(projectId, { kind: 2, chapterId, positions: [{ position_id: 6, num: 1 }] }),
        founder.token,
      ),
    ).toMatchObject(locked);
    expect(
      await call(t, contract.chapters.add, await chapterBody(t, founder, projectId), founder.token),
    ).toMatchObject(locked);
    expect((await call(t, contract.chapters.list, { projectId }, founder.token)).body.data.list).toHaveLength(
      1,
    );

    // Its recruitment ended with it: nobody applies, and the one left waiting has an answer.
    const detail = (await call(t, contract.recruitment.detail, { projectId, kind: 1 }, founder.token)).body
      .data;
    expect(detail.detail?.state).toBe(RecruitState.ENDED);
    const newcomer = await person(t, 'creator', { positions: [4] });
    const apply = await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 4 }, newcomer.token);
    expect(apply).toMatchObject({ http: 409, body: { info: ja.recruitNotOngoing } });
    const list = (await call(t, contract.recruitment.applicants, { projectId, kind: 1 }, founder.token)).body
      .data.result;
    expect(list.find((a) => a.apply_user_id === waiting.id)?.status).toBe(ApplicationStatus.REJECTED);
    expect((await call(t, contract.notices.list, {}, waiting.token)).body.data.notices[0]?.message).toBe(
      '「完成の作品」のキャラクターデザインへの応募は見送られました',
    );
    expect((await call(t, contract.dashboard.todoList, { type: 12 }, founder.token)).body.data.total).toBe(0);
    const cards = await call(t, contract.projects.mine, { type: 1 }, founder.token);
    expect(cards.body.data.over).toEqual([expect.objectContaining({ proId: projectId, recruit_pos: [] })]);

    // The team keeps working together on what there is.
    const board = await call(
      t,
      contract.board.add,
      { projectId, content: 'おつかれさまでした' },
      artist.token,
    );
    expect(board.http).toBe(200);
    expect(
      (await call(t, contract.folders.saveDir, { projectId, dirName: '納品物' }, founder.token)).http,
    ).toBe(200);
    expect((await call(t, contract.chapters.list, { projectId }, artist.token)).http).toBe(200);
  });
});

describe('a one-shot completed by its final audit', () => {
  it('ends its recruitments and answers who was waiting, like a completion by the founder', async () => {
    const p = await approvedChapter(t, 1, { kind: 1, title: '読切の作品' });
    const hopeful = await person(t, 'creator', { positions: [6] });
    const chapterRecruit = recruitBody(p.projectId, {
      kind: 2,
      chapterId: p.chapterId,
      positions: [{ position_id: 6, num: 1 }],
    });
    expect((await call(t, contract.recruitment.add, chapterRecruit, p.founder.token)).http).toBe(200);
    const target = { kind: 2 as const, projectId: p.projectId, chapterId: p.chapterId };
    expect((await call(t, contract.recruitment.apply, { ...target, posId: 6 }, hopeful.token)).http).toBe(
      200,
    );
    await standardPlan(t, p);
    await finishAllPages(t, p);
    await chapterCall(t, p, p.founder, 'actionCommit');
    expect((await chapterCall(t, p, p.editor, 'actionAuditPass')).http).toBe(200);

    const detail = (await call(t, contract.recruitment.detail, target, p.founder.token)).body.data;
    expect(detail.detail?.state).toBe(RecruitState.ENDED);
    expect((await call(t, contract.notices.list, {}, hopeful.token)).body.data.notices[0]?.message).toContain(
      '見送られました',
    );
    const locked = { http: 409, body: { info: ja.projectCompletedLocked } };
    expect(await call(t, contract.recruitment.add, chapterRecruit, p.founder.token)).toMatchObject(locked);
    expect(
      await call(t, contract.chapters.add, await chapterBody(t, p.founder, p.projectId), p.founder.token),
    ).toMatchObject(locked);
  });
});
