import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject, dayFromToday, projectBody, recruit, today } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvedChapter, finishStep, pageSteps, standardPlan } from '../../test/workflow-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Card {
  proId: number;
  upTime: string;
  chaId: number | null;
  percent: number;
}

async function dashboard(who: Person) {
  const res = await call(t, contract.dashboard.home, undefined, who.token);
  expect(res.http).toBe(200);
  return res.body.data as Record<'project' | 'join' | 'recommend' | 'chapter', Card[]>;
}

/** The card of a project in one of the lists (dashboard panel or project list). */
function cardOf(list: Card[], projectId: number): Card {
  const card = list.find((c) => c.proId === projectId);
  if (!card) throw new Error(`no card of project ${projectId}`);
  return card;
}

async function projectList(who: Person, type: 1 | 2): Promise<Card[]> {
  const res = await call(t, contract.projects.mine, { type, keyword: '' }, who.token);
  expect(res.http).toBe(200);
  return res.body.data.goon;
}

/** The project's own update time, as its detail tab gives it. */
async function ownUpdateTime(who: Person, projectId: number): Promise<number> {
  const res = await call(t, contract.projects.detail, { proId: projectId }, who.token);
  return Date.parse(res.body.data.upTime);
}

describe('project cards', () => {
  it('show a project without chapters at 0 %, with no chapter and its own update time', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder, { title: '白紙の物語' });
    const own = await ownUpdateTime(founder, projectId);
    for (const card of [
      cardOf((await dashboard(founder)).project, projectId),
      cardOf(await projectList(founder, 1), projectId),
    ]) {
      expect(card).toMatchObject({ percent: 0, chaId: null });
      expect(Date.parse(card.upTime)).toBe(own);
    }
    // Editing the project is a change too, shown at once.
    const edited = await call(
      t,
      contract.projects.save,
      { ...(await projectBody(t, founder, { title: '白紙の物語（改）' })), projectId },
      founder.token,
    );
    expect(edited.http).toBe(200);
    const afterEdit = await ownUpdateTime(founder, projectId);
    expect(afterEdit).toBeGreaterThan(own);
    expect(Date.parse(cardOf((await dashboard(founder)).project, projectId).upTime)).toBe(afterEdit);
  });

  it('show production progress (approved steps over all steps), the newest chapter and the last change', async () => {
    const p = await approvedChapter(t, 2);
    await standardPlan(t, p);
    // Two pages of two steps: none approved yet.
    let founderCard = cardOf((await dashboard(p.founder)).project, p.projectId);
    expect(founderCard).toMatchObject({ percent: 0, chaId: p.chapterId });

    const beforeWork = Date.now();
    const first = (await pageSteps(t, p, p.pageIds[0] as number)).steps;
    await finishStep(t, p, p.artist, first[0]?.step_id as number);
    founderCard = cardOf((await dashboard(p.founder)).project, p.projectId);
    expect(founderCard).toMatchObject({ percent: 25, chaId: p.chapterId });
    // The approval is the project's last change, later than its own update time.
    expect(Date.parse(founderCard.upTime)).toBeGreaterThanOrEqual(beforeWork - 1_000);
    expect(Date.parse(founderCard.upTime)).toBeGreaterThan(await ownUpdateTime(p.founder, p.projectId));

    await finishStep(t, p, p.assistant, first[1]?.step_id as number);
    // The same figures wherever the project shows as a card: the founder's and a member's.
    expect(cardOf((await dashboard(p.founder)).project, p.projectId)).toMatchObject({ percent: 50 });
    expect(cardOf(await projectList(p.founder, 1), p.projectId)).toMatchObject({ percent: 50 });
    expect(cardOf((await dashboard(p.artist)).join, p.projectId)).toMatchObject({ percent: 50 });
    expect(cardOf(await projectList(p.artist, 2), p.projectId)).toMatchObject({
      percent: 50,
      chaId: p.chapterId,
    });

    // A new chapter has no steps yet: the share stays, the card names the newest chapter.
    const next = await addChapter(t, p.founder, p.projectId, { title: '第2話' });
    expect(cardOf((await dashboard(p.founder)).project, p.projectId)).toMatchObject({
      percent: 50,
      chaId: next,
    });
  });

  it('list the most recently changed project first', async () => {
    const founder = await person(t, 'creator');
    const older = await createProject(t, founder, { title: '先の作品' });
    const newer = await createProject(t, founder, { title: '後の作品' });
    expect((await projectList(founder, 1)).map((c) => c.proId)).toEqual([newer, older]);
    // Work on the older project's chapter makes it the latest change.
    await addChapter(t, founder, older);
    expect((await projectList(founder, 1)).map((c) => c.proId)).toEqual([older, newer]);
  });

  it('give recommended projects and cases their last change as update time', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder, { title: 'おすすめの物語', typeb: [1] });
    await recruit(t, founder, projectId, [2]);
    const chapterId = await addChapter(t, founder, projectId);
    const started = await call(
      t,
      contract.recruitment.add,
      {
        kind: 2,
        projectId,
        chapterId,
        stime: today(),
        etime: dayFromToday(30),
        positions: [{ position_id: 6, num: 1 }],
        condition: '',
      },
      founder.token,
    );
    expect(started.http).toBe(200);
    const lastChange = Date.parse(cardOf((await dashboard(founder)).project, projectId).upTime);
    expect(lastChange).toBeGreaterThan(await ownUpdateTime(founder, projectId));

    // A main artist (role 4) gets recommended projects, a background assistant (role 5) cases.
    const artist = await person(t, 'creator', { positions: [2], typebigs: [1] });
    const assistant = await person(t, 'creator', { positions: [6], typebigs: [1] });
    const recommended = cardOf((await dashboard(artist)).recommend, projectId);
    expect(Date.parse(recommended.upTime)).toBe(lastChange);
    const recommendedCase = cardOf((await dashboard(assistant)).chapter, projectId);
    expect(recommendedCase.chaId).toBe(chapterId);
    expect(Date.parse(recommendedCase.upTime)).toBe(lastChange);
  });
});
