import { COOKIE, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject, dayFromToday, today } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A position takes as many people as its number (issue 11) and no applicant once that many are
 * accepted (issue 18). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the
 * racing accepts really run at the same time on separate connections.
 */
const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A project recruiting `counts` (position id → number), from today for two weeks. */
async function recruiting(founder: Person, counts: Record<number, number>, title = '人数の作品') {
  const projectId = await createProject(t, founder, { title });
  const res = await call(
    t,
    contract.recruitment.add,
    {
      kind: 1,
      projectId,
      stime: today(),
      etime: dayFromToday(14),
      positions: Object.entries(counts).map(([id, num]) => ({ position_id: Number(id), num })),
      condition: '',
    },
    founder.token,
  );
  expect(res.http).toBe(200);
  return projectId;
}

const apply = (projectId: number, who: Person, posId = 2) =>
  call(t, contract.recruitment.apply, { kind: 1, projectId, posId }, who.token);
const accept = (projectId: number, founder: Person, who: Person, posId = 2) =>
  call(t, contract.recruitment.accept, { projectId, kind: 1, posId, userId: who.id }, founder.token);
const positionsOf = async (projectId: number, token: string) =>
  (await call(t, contract.recruitment.detail, { projectId, kind: 1 }, token)).body.data.detail?.details;
const membersOf = async (projectId: number, founder: Person) =>
  (await call(t, contract.projects.detail, { proId: projectId }, founder.token)).body.data.users.length;

async function applicants(projectId: number, n: number, posId = 2): Promise<Person[]> {
  const list: Person[] = [];
  for (let i = 0; i < n; i++) {
    const who = await person(t, 'creator', { positions: [posId] });
    expect((await apply(projectId, who, posId)).http).toBe(200);
    list.push(who);
  }
  return list;
}

describe('the number of a position', () => {
  it('refuses an accept beyond it, in all three languages, and the position shows as filled', async () => {
    const founder = await person(t, 'creator');
    const projectId = await recruiting(founder, { 2: 1, 4: 1 });
    const [first, second] = (await applicants(projectId, 2)) as [Person, Person];
    expect((await accept(projectId, founder, first)).http).toBe(200);
    const refused = await accept(projectId, founder, second);
    expect(refused).toMatchObject({ http: 409, body: { info: ja.positionFilled } });
    for (const lang of ['zh', 'en'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: contract.recruitment.accept.path,
        payload: { projectId, kind: 1, posId: 2, userId: second.id },
        headers: { token: founder.token, cookie: `${COOKIE.lang}=${lang}` },
      });
      expect(res.json().info).toBe(MESSAGES[lang].positionFilled);
    }
    expect(await positionsOf(projectId, founder.token)).toEqual([
      expect.objectContaining({ position_id: 2, num: 1, applynum: 2, donenum: 1, filled: true }),
      expect.objectContaining({ position_id: 4, num: 1, applynum: 0, donenum: 0, filled: false }),
    ]);
    expect(await membersOf(projectId, founder)).toBe(2);
    // The one left waiting can still be answered: turned down, with the usual notice.
    expect(
      (
        await call(
          t,
          contract.recruitment.reject,
          { projectId, kind: 1, posId: 2, userId: second.id },
          founder.token,
        )
      ).http,
    ).toBe(200);
  });

  it.each([
    [1, 4],
    [2, 5],
  ])('gives exactly %i of %i racing accepts the seats', async (seats, racers) => {
    const founder = await person(t, 'creator');
    const projectId = await recruiting(founder, { 2: seats });
    const people = await applicants(projectId, racers);
    const answers = await Promise.all(people.map((who) => accept(projectId, founder, who)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(seats);
    expect(answers.filter((a) => a.http !== 200).map((a) => [a.http, a.body.info])).toEqual(
      Array(racers - seats).fill([409, ja.positionFilled]),
    );
    expect((await positionsOf(projectId, founder.token))?.[0]).toMatchObject({
      donenum: seats,
      filled: true,
    });
    expect(await membersOf(projectId, founder)).toBe(1 + seats);
  });
});

describe('a filled position', () => {
  it('takes no more applicants, and leaves the search when nothing else is open', async () => {
    const founder = await person(t, 'creator');
    const projectId = await recruiting(founder, { 2: 1, 4: 1 }, '満員の作品');
    const [first] = (await applicants(projectId, 1)) as [Person];
    await accept(projectId, founder, first);
    const late = await person(t, 'creator', { positions: [2, 4] });
    const refused = await apply(projectId, late);
    expect(refused).toMatchObject({ http: 409, body: { info: ja.positionFilled } });
    // What the project recruits is what is still open: the card and the search agree.
    const found = await call(t, contract.projects.search, { keywords: '満員の作品' }, late.token);
    expect(found.body.data.list).toEqual([
      expect.objectContaining({
        project_id: projectId,
        recruit_pos: [{ posid: 4, position: 'キャラクターデザイン' }],
      }),
    ]);
    const cards = await call(t, contract.projects.mine, { type: 1 }, founder.token);
    expect(cards.body.data.goon[0]?.recruit_pos).toEqual([{ posid: 4, position: 'キャラクターデザイン' }]);

    expect((await apply(projectId, late, 4)).http).toBe(200);
    await accept(projectId, founder, late, 4);
    const gone = await call(t, contract.projects.search, { keywords: '満員の作品' }, founder.token);
    expect(gone.body.data.list).toEqual([]);
    const other = await person(t, 'creator', { positions: [4] });
    expect(
      (await call(t, contract.projects.search, { keywords: '満員の作品' }, other.token)).body.data.list,
    ).toEqual([]);
  });

  it('tells the caller, per position, what they applied for', async () => {
    const founder = await person(t, 'creator');
    const projectId = await recruiting(founder, { 2: 1, 4: 1 });
    const me = await person(t, 'creator', { positions: [2, 4] });
    expect((await positionsOf(projectId, me.token))?.map((p) => p.applied)).toEqual([false, false]);
    await apply(projectId, me, 4);
    expect(await positionsOf(projectId, me.token)).toEqual([
      expect.objectContaining({ position_id: 2, applied: false }),
      expect.objectContaining({ position_id: 4, applied: true }),
    ]);
    const someoneElse = await person(t, 'creator');
    expect((await positionsOf(projectId, someoneElse.token))?.map((p) => p.applied)).toEqual([false, false]);
  });
});
