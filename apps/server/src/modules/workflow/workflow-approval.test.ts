import { MESSAGES, StepStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { todoCounts } from '../../test/chapter-fixtures.js';
import type { Person } from '../../test/people-fixtures.js';
import { present } from '../../test/present.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type ApprovalTeam, approvalTeam, handedInStep, pageFile } from '../../test/workflow-test-helpers.js';

/** Nobody approves their own work (step-approval.policy.ts), through the calls a user makes. */
const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Step = Awaited<ReturnType<typeof handedInStep>>;

const decide = (team: ApprovalTeam, who: Person, step: Step, pass: boolean) =>
  call(
    t,
    pass ? contract.workflow.pass : contract.workflow.reject,
    { projectId: team.projectId, workflowStepId: step.stepId, ...(pass ? {} : { remark: '直してください' }) },
    who.token,
  );

/** The step as `who` sees it in the page dialog: its status and whether 承認/差し戻し are offered. */
async function seen(team: ApprovalTeam, who: Person, step: Step) {
  const res = await call(
    t,
    contract.workflow.page,
    { projectId: team.projectId, chapterId: step.chapterId, pageId: step.pageId },
    who.token,
  );
  const [first] = res.body.data.steps;
  return { status: first?.status, audit: first?.actions.audit };
}

/** Who the page's row and its step say must approve, as `who` reads them (issue 30). */
async function approversShown(team: ApprovalTeam, who: Person, step: Step) {
  const ref = { projectId: team.projectId, chapterId: step.chapterId };
  const list = await call(t, contract.workflow.pages, ref, who.token);
  const row = list.body.data.pages.find((p) => p.page_id === step.pageId);
  const detail = await call(t, contract.workflow.page, { ...ref, pageId: step.pageId }, who.token);
  return {
    row: row?.approvers,
    mine: row?.awaiting_my_approval,
    step: detail.body.data.steps[0]?.approvers,
  };
}

const approvalTodo = async (who: Person) => (await todoCounts(t, who))[21] ?? 0;

/** The person's notices (Japanese texts), newest first. */
async function notices(who: Person): Promise<string> {
  const res = await call(t, contract.notices.list, {}, who.token);
  return res.body.data.notices.map((n) => n.message).join('\n');
}

describe('nobody approves their own work', () => {
  it('a main artist can neither pass nor send back the step they handed in; another approver decides', async () => {
    const team = await approvalTeam(t, 2);
    const [artist, otherArtist] = team.artists as [Person, Person];
    const step = await handedInStep(t, team, artist);

    for (const pass of [true, false])
      expect(await decide(team, artist, step, pass)).toMatchObject({
        http: 403,
        body: { status: 403, info: ja.ownWorkDecision },
      });
    expect(await seen(team, artist, step)).toEqual({ status: StepStatus.AWAITING_APPROVAL, audit: false });
    expect(await approvalTodo(artist)).toBe(0);
    // Everyone reads who must approve; only those two read it as theirs, the artist not.
    const deciders = [team.founder.nickname, otherArtist.nickname].sort();
    for (const who of [team.founder, otherArtist, artist]) {
      const shown = await approversShown(team, who, step);
      expect([shown.row?.sort(), shown.step?.sort()]).toEqual([deciders, deciders]);
      expect(shown.mine, who.nickname).toBe(who !== artist);
    }
    // The founder and the other main artist are asked, and may decide.
    for (const approver of [team.founder, otherArtist]) {
      expect(await seen(team, approver, step)).toMatchObject({ audit: true });
      expect(await approvalTodo(approver)).toBe(1);
      expect(await notices(approver)).toContain('を提出しました');
    }
    expect(await notices(artist)).not.toContain('を提出しました');

    expect((await decide(team, otherArtist, step, true)).http).toBe(200);
    // Passed, nobody is waited for any more.
    expect(await approversShown(team, team.founder, step)).toMatchObject({ step: [], mine: false });
    expect(await seen(team, artist, step)).toEqual({ status: StepStatus.DONE, audit: false });
    // The artist hears who approved it (issue 30).
    expect(await notices(artist)).toContain(`${otherArtist.nickname}さんが`);
    expect(await notices(artist)).toContain('を承認しました');
    expect(await approvalTodo(team.founder)).toBe(0);
  });

  it('the founder holding a step while a main artist is a member: the main artist decides, not the founder', async () => {
    const team = await approvalTeam(t, 1);
    const [artist] = team.artists as [Person];
    const step = await handedInStep(t, team, team.founder);

    expect(await decide(team, team.founder, step, true)).toMatchObject({
      http: 403,
      body: { info: ja.ownWorkDecision },
    });
    expect((await decide(team, team.founder, step, false)).http).toBe(403);
    expect(await seen(team, team.founder, step)).toMatchObject({ audit: false });
    expect(await approvalTodo(team.founder)).toBe(0);
    expect(await seen(team, artist, step)).toMatchObject({ audit: true });
    expect(await approvalTodo(artist)).toBe(1);

    expect((await decide(team, artist, step, false)).http).toBe(200);
    expect(await seen(team, team.founder, step)).toMatchObject({ status: StepStatus.REJECTED });
  });

  it('a founder working alone (no main artist in the project) passes their own step', async () => {
    const team = await approvalTeam(t, 0);
    const step = await handedInStep(t, team, team.founder);

    expect(await seen(team, team.founder, step)).toEqual({
      status: StepStatus.AWAITING_APPROVAL,
      audit: true,
    });
    expect(await approvalTodo(team.founder)).toBe(1);
    // Only approvers decide: the assistant and the editor are still refused, with the plain 403.
    for (const other of [team.assistant, team.editor])
      expect(await decide(team, other, step, true)).toMatchObject({
        http: 403,
        body: { info: ja.forbidden },
      });

    expect((await decide(team, team.founder, step, true)).http).toBe(200);
    expect(await seen(team, team.founder, step)).toMatchObject({ status: StepStatus.DONE });
    expect(await approvalTodo(team.founder)).toBe(0);
  });
});

/** The step of the page dialog as `who` reads it. */
async function stepAs(team: ApprovalTeam, who: Person, step: Step) {
  const ref = { projectId: team.projectId, chapterId: step.chapterId, pageId: step.pageId };
  const res = await call(t, contract.workflow.page, ref, who.token);
  return present(res.body.data.steps[0], 'step');
}

describe('a hand-in looks first (issue 30)', () => {
  it('the assignee reads who will approve before handing in again: the deciders, never themselves', async () => {
    const team = await approvalTeam(t, 2);
    const [artist, otherArtist] = team.artists as [Person, Person];
    const step = await handedInStep(t, team, artist);
    expect((await decide(team, otherArtist, step, false)).http).toBe(200);

    const mine = await stepAs(team, artist, step);
    expect(mine).toMatchObject({ status: StepStatus.REJECTED, actions: { commit: true }, approvers: [] });
    expect([...mine.hand_in_approvers].sort()).toEqual([team.founder.nickname, otherArtist.nickname].sort());

    // A founder working alone approves their own work, and is told so.
    const alone = await approvalTeam(t, 0);
    const own = await handedInStep(t, alone, alone.founder);
    expect((await stepAs(alone, alone.founder, own)).hand_in_approvers).toEqual([alone.founder.nickname]);
  });

  it('the approver reads how many marks the assignee resolved that still wait for confirmation', async () => {
    const team = await approvalTeam(t, 1);
    const [artist] = team.artists as [Person];
    const step = await handedInStep(t, team, team.assistant);
    await t.settleJobs();
    const viewer = await call(
      t,
      contract.workflow.viewer,
      { projectId: team.projectId, chapterId: step.chapterId },
      artist.token,
    );
    const revisionId = present(
      viewer.body.data.pages[0]?.revisions.find((r) => r.kind === 'step'),
      'revision',
    ).id;
    const markIds: number[] = [];
    for (const comment of ['線が途切れています', '背景のパースを直してください']) {
      const shape = { type: 'rect', x: 10, y: 10, w: 40, h: 30 } as const;
      const body = { projectId: team.projectId, pageId: step.pageId, revisionId, shape, comment };
      markIds.push((await call(t, contract.marks.add, body, artist.token)).body.data.id);
    }
    expect(await stepAs(team, team.assistant, step)).toMatchObject({ open_marks: 2, resolved_marks: 0 });
    expect((await decide(team, artist, step, false)).http).toBe(200);
    const resolve = { projectId: team.projectId, markId: markIds[0] as number, state: 'open' as const };
    expect((await call(t, contract.marks.resolve, resolve, team.assistant.token)).http).toBe(200);

    // The assistant, about to hand in again, reads the one still open; the approver the one resolved.
    expect(await stepAs(team, team.assistant, step)).toMatchObject({ open_marks: 1, resolved_marks: 1 });
    const filePath = await pageFile(t, team.assistant);
    const again = { projectId: team.projectId, workflowStepId: step.stepId, filePath };
    expect((await call(t, contract.workflow.commit, again, team.assistant.token)).http).toBe(200);
    expect(await stepAs(team, artist, step)).toMatchObject({
      actions: { audit: true },
      open_marks: 1,
      resolved_marks: 1,
    });
  });
});
