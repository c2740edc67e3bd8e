import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createProject, dayFromToday, join, recruit, today } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const add = (token: string, body: unknown) => callUnchecked(t, contract.recruitment.add, body, token);
const base = (projectId: number) => ({
  kind: 1,
  projectId,
  stime: today(),
  etime: dayFromToday(14),
  positions: [{ position_id: 2, num: 1 }],
  condition: '',
});

describe('starting a recruitment', () => {
  it.each([
    ['no dates', { stime: '' }, ja.recruitDatesRequired],
    ['a start before yesterday', { stime: dayFromToday(-2) }, ja.recruitDatesInvalid],
    ['an end before the start', { etime: dayFromToday(-1) }, ja.recruitDatesInvalid],
    ['no position with a count', { positions: [{ position_id: 2, num: 0 }] }, ja.recruitPositionsRequired],
    [
      'a chapter-level position for the project',
      { positions: [{ position_id: 6, num: 1 }] },
      ja.recruitPositionsRequired,
    ],
    [
      'a chapter recruitment without chapter',
      { kind: 2, positions: [{ position_id: 6, num: 1 }] },
      ja.recruitChapterRequired,
    ],
  ])('refuses %s', async (_, change, info) => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    const res = await add(founder.token, { ...base(projectId), ...change });
    expect(res).toMatchObject({ http: 400, body: { info } });
    expect(
      (await call(t, contract.recruitment.detail, { projectId, kind: 1 }, founder.token)).body.data.detail,
    ).toBeNull();
  });

  it('accepts yesterday as the start, and only one ongoing recruitment at a time', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    expect((await add(founder.token, { ...base(projectId), stime: dayFromToday(-1) })).http).toBe(200);
    const again = await add(founder.token, base(projectId));
    expect(again).toMatchObject({ http: 409, body: { info: ja.recruitOngoingExists } });
    expect((await call(t, contract.recruitment.cancel, { kind: 1, projectId }, founder.token)).http).toBe(
      200,
    );
    expect((await call(t, contract.recruitment.cancel, { kind: 1, projectId }, founder.token)).http).toBe(
      409,
    );
    expect((await add(founder.token, base(projectId))).http).toBe(200);
    const detail = await call(t, contract.recruitment.detail, { projectId, kind: 1 }, founder.token);
    expect(detail.body.data.history).toHaveLength(1);
  });

  it('is the founder’s alone', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    await recruit(t, founder, projectId, [2, 3]);
    await join(t, founder, artist, projectId, 2);
    expect((await call(t, contract.recruitment.cancel, { kind: 1, projectId }, artist.token)).http).toBe(403);
    const stranger = await person(t, 'creator');
    expect((await add(stranger.token, base(projectId))).http).toBe(404);
  });
});

describe('applying', () => {
  it('goes apply → to-do for the founder → accept → member, with counts and notices', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { nickname: '応募する作画', positions: [2] });
    const projectId = await createProject(t, founder, { title: '応募の作品' });
    await recruit(t, founder, projectId, [2, 3]);

    const applied = await call(
      t,
      contract.recruitment.apply,
      { kind: 1, projectId, posId: 2, message: 'お願いします' },
      artist.token,
    );
    expect(applied).toMatchObject({ http: 200, body: { info: ja.applied } });
    const todo = await call(t, contract.dashboard.todoList, { type: 12 }, founder.token);
    expect(todo.body.data).toMatchObject({
      total: 1,
      list: [expect.objectContaining({ projectid: projectId })],
    });
    const applicants = await call(t, contract.recruitment.applicants, { projectId, kind: 1 }, founder.token);
    expect(applicants.body.data.result).toEqual([
      expect.objectContaining({
        status: 0,
        pos_id: 2,
        position: 'メイン作画',
        message: 'お願いします',
        user: expect.objectContaining({ id: artist.id, nickname: '応募する作画' }),
      }),
    ]);
    expect(
      (await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token)).body.info,
    ).toBe(ja.alreadyApplied);

    const accepted = await call(
      t,
      contract.recruitment.accept,
      { projectId, kind: 1, posId: 2, userId: artist.id },
      founder.token,
    );
    expect(accepted).toMatchObject({ http: 200, body: { info: ja.applicantAccepted } });
    expect(
      (
        await call(
          t,
          contract.recruitment.reject,
          { projectId, kind: 1, posId: 2, userId: artist.id },
          founder.token,
        )
      ).http,
    ).toBe(409);
    const detail = await call(t, contract.recruitment.detail, { projectId, kind: 1 }, artist.token);
    expect(detail.body.data.detail?.details).toContainEqual(
      expect.objectContaining({ position_id: 2, num: 1, applynum: 1, donenum: 1 }),
    );
    expect(
      (await call(t, contract.projects.detail, { proId: projectId }, artist.token)).body.data.isMember,
    ).toBe(true);
    expect((await call(t, contract.notices.list, {}, artist.token)).body.data.notices[0]?.message).toBe(
      `${founder.nickname}さんが「応募の作品」のメイン作画への応募を受け入れました`,
    );
    expect((await call(t, contract.dashboard.todoList, { type: 12 }, founder.token)).body.data.total).toBe(0);
    const again = await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 3 }, artist.token);
    expect(again).toMatchObject({ http: 409, body: { info: ja.alreadyMember } });
  });

  it('refuses the founder, a position not recruited, and an ended recruitment', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    await recruit(t, founder, projectId, [2]);
    expect(
      (await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, founder.token)).body.info,
    ).toBe(ja.founderCannotApply);
    expect(
      (await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 4 }, artist.token)).body.info,
    ).toBe(ja.positionNotRecruited);
    await call(t, contract.recruitment.cancel, { kind: 1, projectId }, founder.token);
    const late = await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token);
    expect(late).toMatchObject({ http: 409, body: { info: ja.recruitNotOngoing } });
  });

  it('tells a rejected applicant, who stays outside', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder, { title: '見送りの作品' });
    await recruit(t, founder, projectId, [2]);
    await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token);
    expect(
      (
        await call(
          t,
          contract.recruitment.reject,
          { projectId, kind: 1, posId: 2, userId: artist.id },
          founder.token,
        )
      ).http,
    ).toBe(200);
    expect(
      (await call(t, contract.projects.detail, { proId: projectId }, artist.token)).body.data.isMember,
    ).toBe(false);
    expect((await call(t, contract.notices.list, {}, artist.token)).body.data.notices[0]?.message).toMatch(
      new RegExp(`^${founder.nickname}さんが「.+」のメイン作画への応募を見送りました$`),
    );
  });

  it('keeps exactly one success when two accepts race', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    await recruit(t, founder, projectId, [2]);
    await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token);
    const body = { projectId, kind: 1 as const, posId: 2, userId: artist.id };
    const results = await Promise.all([
      call(t, contract.recruitment.accept, body, founder.token),
      call(t, contract.recruitment.reject, body, founder.token),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect((await call(t, contract.notices.list, {}, artist.token)).body.data.notices).toHaveLength(1);
  });
});

describe('project search', () => {
  it('ranks recruiting projects of others by similarity and marks where I applied', async () => {
    const me = await person(t, 'creator', { positions: [2], typebigs: [13, 14], type: [1] });
    const founderA = await person(t, 'creator');
    const founderB = await person(t, 'creator');
    const close = await createProject(t, founderA, { title: '検索 近い', typeb: [13, 14], creativecap: [1] });
    const far = await createProject(t, founderB, { title: '検索 遠い', typeb: [8], creativecap: [2] });
    const notRecruiting = await createProject(t, founderB, { title: '検索 募集なし' });
    await recruit(t, founderA, close, [2]);
    await recruit(t, founderB, far, [3]);
    const res = await call(t, contract.projects.search, { keywords: '検索' }, me.token);
    expect(res.body.data.list.map((p) => p.project_id)).toEqual([close, far]);
    expect(res.body.data.list[0]?.similar).toBeCloseTo(1, 6);
    expect(res.body.data.list[1]?.similar).toBeCloseTo(0, 6);
    expect(res.body.data.list.map((p) => p.project_id)).not.toContain(notRecruiting);

    const matching = await call(t, contract.projects.search, { keywords: '検索', is_match: true }, me.token);
    expect(matching.body.data.list.map((p) => p.project_id)).toEqual([close]);
    await call(t, contract.recruitment.apply, { kind: 1, projectId: close, posId: 2 }, me.token);
    const applied = await call(t, contract.projects.search, { keywords: '検索', join_status: 2 }, me.token);
    expect(applied.body.data.list).toEqual([expect.objectContaining({ project_id: close, join_status: 2 })]);
    const byGenre = await call(t, contract.projects.search, { keywords: '検索', typeb: [8] }, me.token);
    expect(byGenre.body.data.list.map((p) => p.project_id)).toEqual([far]);
    const founderView = await call(t, contract.projects.search, { keywords: '検索' }, founderA.token);
    expect(founderView.body.data.list.map((p) => p.project_id)).not.toContain(close);
  });
});
