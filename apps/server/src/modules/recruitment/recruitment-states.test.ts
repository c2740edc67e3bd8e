import { MESSAGES, RecruitState } from '@koma/shared';
import { type ApiInput, contract } from '@koma/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createProject, dayFromToday, recruitBody as fixtureBody } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { openingsFor } from '../projects/openings.js';
import { recruitments } from './recruitment.table.js';

/**
 * A recruitment is scheduled before its start date, ongoing from its start to its end date, and
 * ended after it or once the founder ends it (issue 11, docs/recruitment.md).
 */
const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const recruitBody = (projectId: number, over: object = {}) =>
  fixtureBody(projectId, over) as ApiInput<'recruitment', 'add'>;
const detailOf = async (projectId: number, token: string) =>
  (await call(t, contract.recruitment.detail, { projectId, kind: 1 }, token)).body.data;

/** Moves a project's recruitments `days` into the past, as if that many days had gone by. */
async function passDays(projectId: number, days: number) {
  await t.app.deps.db
    .update(recruitments)
    .set({
      stime: sql`${recruitments.stime} - ${days}::int`,
      etime: sql`${recruitments.etime} - ${days}::int`,
    })
    .where(eq(recruitments.projectId, projectId));
  // Another instance's reading of the openings would see it within seconds; this one at once.
  openingsFor(t.app.deps.db).markStale();
}

async function searchIds(token: string, keywords: string) {
  const res = await call(t, contract.projects.search, { keywords }, token);
  return res.body.data.list.map((p) => p.project_id);
}

describe('a recruitment not started yet (scheduled)', () => {
  it('takes no applications, is not found by the search, and the founder can edit or end it', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { positions: [2, 4] });
    const projectId = await createProject(t, founder, { title: '予定の作品' });
    const start = dayFromToday(3);
    expect(
      (await call(t, contract.recruitment.add, recruitBody(projectId, { stime: start }), founder.token)).http,
    ).toBe(200);
    expect((await detailOf(projectId, artist.token)).detail).toMatchObject({
      isongoing: 0,
      state: RecruitState.SCHEDULED,
      stime: start,
    });
    const apply = await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token);
    expect(apply).toMatchObject({ http: 409, body: { info: ja.recruitNotOngoing } });
    expect(await searchIds(artist.token, '予定の作品')).toEqual([]);
    // Only one open recruitment (scheduled or ongoing) per target.
    const second = await call(t, contract.recruitment.add, recruitBody(projectId), founder.token);
    expect(second).toMatchObject({ http: 409, body: { info: ja.recruitOngoingExists } });

    const edited = await call(
      t,
      contract.recruitment.update,
      recruitBody(projectId, {
        stime: dayFromToday(2),
        etime: dayFromToday(20),
        positions: [
          { position_id: 2, num: 2 },
          { position_id: 4, num: 1 },
        ],
        condition: '経験者',
      }),
      founder.token,
    );
    expect(edited).toMatchObject({ http: 200, body: { info: ja.recruitUpdated } });
    const after = await detailOf(projectId, founder.token);
    expect(after.detail).toMatchObject({
      stime: dayFromToday(2),
      etime: dayFromToday(20),
      condition: '経験者',
      state: RecruitState.SCHEDULED,
      details: [
        expect.objectContaining({ position_id: 2, num: 2 }),
        expect.objectContaining({ position_id: 4 }),
      ],
    });
    expect(after.history).toEqual([]);
    const bad = await call(
      t,
      contract.recruitment.update,
      recruitBody(projectId, { stime: dayFromToday(5), etime: dayFromToday(4) }),
      founder.token,
    );
    expect(bad).toMatchObject({ http: 400, body: { info: ja.recruitDatesInvalid } });

    expect((await call(t, contract.recruitment.cancel, { kind: 1, projectId }, founder.token)).http).toBe(
      200,
    );
    expect((await detailOf(projectId, founder.token)).detail?.state).toBe(RecruitState.ENDED);
    expect((await call(t, contract.recruitment.add, recruitBody(projectId), founder.token)).http).toBe(200);
  });

  it('starts by itself on its start date', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { positions: [2] });
    const projectId = await createProject(t, founder, { title: '始まる作品' });
    await call(
      t,
      contract.recruitment.add,
      recruitBody(projectId, { stime: dayFromToday(1) }),
      founder.token,
    );
    await passDays(projectId, 1);
    expect((await detailOf(projectId, artist.token)).detail).toMatchObject({
      isongoing: 1,
      state: RecruitState.ONGOING,
    });
    expect(await searchIds(artist.token, '始まる作品')).toEqual([projectId]);
    expect(
      (await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token)).http,
    ).toBe(200);
  });

  it('cannot be edited once it has started, or by anyone but the founder', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    await call(t, contract.recruitment.add, recruitBody(projectId), founder.token);
    const started = await call(
      t,
      contract.recruitment.update,
      recruitBody(projectId, { condition: 'x' }),
      founder.token,
    );
    expect(started).toMatchObject({ http: 409, body: { info: ja.recruitNotScheduled } });
    const stranger = await person(t, 'creator');
    expect((await call(t, contract.recruitment.update, recruitBody(projectId), stranger.token)).http).toBe(
      404,
    );
    const none = await createProject(t, founder);
    const nothing = await call(t, contract.recruitment.update, recruitBody(none), founder.token);
    expect(nothing).toMatchObject({ http: 409, body: { info: ja.recruitNotScheduled } });
  });
});

describe('a recruitment past its end date', () => {
  it('is ended for every purpose: state, applying, search, cards, ending it and a new recruitment', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { positions: [2] });
    const projectId = await createProject(t, founder, { title: '期限切れの作品' });
    await call(t, contract.recruitment.add, recruitBody(projectId), founder.token);
    expect(await searchIds(artist.token, '期限切れの作品')).toEqual([projectId]);
    await passDays(projectId, 15);

    expect((await detailOf(projectId, founder.token)).detail).toMatchObject({
      isongoing: 0,
      state: RecruitState.ENDED,
    });
    const apply = await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token);
    expect(apply).toMatchObject({ http: 409, body: { info: ja.recruitNotOngoing } });
    expect(await searchIds(artist.token, '期限切れの作品')).toEqual([]);
    const mine = await call(t, contract.projects.mine, { type: 1 }, founder.token);
    expect(mine.body.data.goon).toEqual([expect.objectContaining({ proId: projectId, recruit_pos: [] })]);
    // Already ended: there is nothing to end.
    const cancel = await call(t, contract.recruitment.cancel, { kind: 1, projectId }, founder.token);
    expect(cancel).toMatchObject({ http: 409, body: { info: ja.recruitNotOngoing } });
    // The founder is not locked out: a new recruitment starts, and the old one is history.
    expect((await call(t, contract.recruitment.add, recruitBody(projectId), founder.token)).http).toBe(200);
    const detail = await detailOf(projectId, founder.token);
    expect(detail.detail?.state).toBe(RecruitState.ONGOING);
    expect(detail.history).toEqual([expect.objectContaining({ state: RecruitState.ENDED })]);
  });

  it('ends the day after a one-day recruitment of yesterday', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    const yesterday = dayFromToday(-1);
    await call(
      t,
      contract.recruitment.add,
      recruitBody(projectId, { stime: yesterday, etime: yesterday }),
      founder.token,
    );
    expect((await detailOf(projectId, founder.token)).detail?.state).toBe(RecruitState.ENDED);
    expect((await call(t, contract.recruitment.add, recruitBody(projectId), founder.token)).http).toBe(200);
  });

  it('still lets the founder answer the applications it received', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator', { positions: [2] });
    const projectId = await createProject(t, founder);
    await call(t, contract.recruitment.add, recruitBody(projectId), founder.token);
    await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 2 }, artist.token);
    await passDays(projectId, 15);
    expect((await call(t, contract.dashboard.todoList, { type: 12 }, founder.token)).body.data.total).toBe(1);
    const accepted = await call(
      t,
      contract.recruitment.accept,
      { projectId, kind: 1, posId: 2, userId: artist.id },
      founder.token,
    );
    expect(accepted.http).toBe(200);
    expect((await call(t, contract.dashboard.todoList, { type: 12 }, founder.token)).body.data.total).toBe(0);
  });
});
