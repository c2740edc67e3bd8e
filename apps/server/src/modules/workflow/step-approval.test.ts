import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type ApprovalTeam, approvalTeam, handedInStep } from '../../test/workflow-test-helpers.js';
import { mainArtistIds } from '../chapters/chapters.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { projects } from '../projects/projects.table.js';
import { mayDecideStep, type StepDecision, stepDecision } from './step-approval.policy.js';
import { workflowSteps } from './workflow.table.js';
import { mayDecideStepSql } from './workflow-todos.repository.js';

describe('who decides on a step handed in (step-approval.policy.ts)', () => {
  const FOUNDER = 1;
  const ARTIST = 2;
  const OTHER_ARTIST = 3;
  const ASSISTANT = 4;
  it.each<[string, number, number[], number, StepDecision]>([
    ['the founder, on a main artist’s step', FOUNDER, [ARTIST], ARTIST, 'allowed'],
    ['a main artist, on their own step', ARTIST, [ARTIST], ARTIST, 'ownWork'],
    [
      'a main artist, on their own step, with another main artist',
      ARTIST,
      [ARTIST, OTHER_ARTIST],
      ARTIST,
      'ownWork',
    ],
    ['another main artist, on a main artist’s step', OTHER_ARTIST, [ARTIST, OTHER_ARTIST], ARTIST, 'allowed'],
    ['a main artist, on an assistant’s step', ARTIST, [ARTIST], ASSISTANT, 'allowed'],
    ['a main artist, on the founder’s step', ARTIST, [ARTIST], FOUNDER, 'allowed'],
    ['the founder, on their own step, with a main artist', FOUNDER, [ARTIST], FOUNDER, 'ownWork'],
    ['the founder working alone, on their own step', FOUNDER, [], FOUNDER, 'allowed'],
    ['the founder working alone, on an assistant’s step', FOUNDER, [], ASSISTANT, 'allowed'],
    [
      'the founder also listed as main artist, alone, on their own step',
      FOUNDER,
      [FOUNDER],
      FOUNDER,
      'allowed',
    ],
    ['an assistant, on their own step', ASSISTANT, [ARTIST], ASSISTANT, 'notApprover'],
    ['an assistant, on a main artist’s step', ASSISTANT, [], ARTIST, 'notApprover'],
  ])('%s: %s', (_, userId, mainArtists, assigneeId, decision) => {
    expect(stepDecision(userId, { founderId: FOUNDER, mainArtistIds: mainArtists, assigneeId })).toBe(
      decision,
    );
  });
});

describe('the rule in SQL (to-do 21) and in TypeScript (the calls, actions.audit) agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  interface Awaiting {
    team: ApprovalTeam;
    owner: Person;
    chapterId: number;
    pageId: number;
    stepId: number;
  }

  /** The direct evaluation of the SQL predicate for one reader and one step. */
  async function sqlSays(reader: Person, stepId: number): Promise<boolean> {
    const rows = await t.app.deps.db
      .select({ id: workflowSteps.id })
      .from(workflowSteps)
      .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
      .innerJoin(projects, eq(projects.id, chapters.projectId))
      .where(
        and(
          eq(workflowSteps.id, stepId),
          mayDecideStepSql(reader.id, {
            projectId: projects.id,
            founderId: projects.userId,
            assigneeId: workflowSteps.ownerUserId,
          }),
        ),
      );
    return rows.length === 1;
  }

  async function tsSays(reader: Person, a: Awaiting): Promise<boolean> {
    const facts = {
      founderId: a.team.founder.id,
      mainArtistIds: await mainArtistIds(t.app.deps.db, a.team.projectId),
      assigneeId: a.owner.id,
    };
    return mayDecideStep(reader.id, facts);
  }

  /** The chapters in the reader's to-do 21 list (the SQL of the to-do query). */
  async function todoChapters(reader: Person): Promise<number[]> {
    const res = await call(t, contract.dashboard.todoList, { type: 21, pageSize: 50 }, reader.token);
    return (res.body.data.list as { chapterid: number }[]).map((r) => r.chapterid).sort();
  }

  /** `actions.audit` of the step as the reader sees it (false when they cannot see it at all). */
  async function auditButton(reader: Person, a: Awaiting): Promise<boolean> {
    const { projectId } = a.team;
    const res = await call(
      t,
      contract.workflow.page,
      { projectId, chapterId: a.chapterId, pageId: a.pageId },
      reader.token,
    );
    if (res.http === 404) return false;
    return res.body.data.steps[0]?.actions.audit as boolean;
  }

  it('for every reader and every step, in teams with two, one or no main artist', async () => {
    const two = await approvalTeam(t, 2);
    const one = await approvalTeam(t, 1);
    const alone = await approvalTeam(t, 0);
    const [a1, a2] = two.artists as [Person, Person];
    const [b1] = one.artists as [Person];
    const owners: [ApprovalTeam, Person][] = [
      [two, two.founder],
      [two, a1],
      [two, two.assistant],
      [one, one.founder],
      [one, b1],
      [alone, alone.founder],
      [alone, alone.assistant],
    ];
    const steps: Awaiting[] = [];
    for (const [team, owner] of owners) steps.push({ team, owner, ...(await handedInStep(t, team, owner)) });
    const readers = [...two.everyone, ...one.everyone, ...alone.everyone];

    function nameOf(p: Person): string {
      const names: [Person, string][] = [
        [two.founder, 'F2'],
        [a1, 'A1'],
        [a2, 'A2'],
        [two.assistant, 'S2'],
        [one.founder, 'F1'],
        [b1, 'B1'],
        [one.assistant, 'S1'],
        [alone.founder, 'F0'],
        [alone.assistant, 'S0'],
      ];
      return names.find(([who]) => who === p)?.[1] ?? 'other';
    }
    const allowed: string[] = [];
    for (const reader of readers) {
      const expectedTodo: number[] = [];
      for (const a of steps) {
        const ts = await tsSays(reader, a);
        const where = `reader ${reader.id} on the step of ${a.owner.id}`;
        expect(await sqlSays(reader, a.stepId), where).toBe(ts);
        expect(await auditButton(reader, a), where).toBe(ts);
        if (ts) {
          expectedTodo.push(a.chapterId);
          allowed.push(`${nameOf(reader)}→${nameOf(a.owner)}`);
        }
      }
      expect(await todoChapters(reader), `to-do 21 of ${reader.id}`).toEqual(expectedTodo.sort());
    }

    // What they agree on is the rule: nobody on their own step except the founder alone.
    expect(allowed.sort()).toEqual(
      [
        'F2→A1',
        'F2→S2',
        'A1→F2',
        'A1→S2',
        'A2→F2',
        'A2→A1',
        'A2→S2',
        'F1→B1',
        'B1→F1',
        'F0→F0',
        'F0→S0',
      ].sort(),
    );
  });
});
