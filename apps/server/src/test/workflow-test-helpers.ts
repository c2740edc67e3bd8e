import { contract } from '@koma/shared/contract';
import { call, callUnchecked } from './api.js';
import {
  addChapter,
  approveNames,
  draftPages,
  type NameTeam,
  productionTeam,
  type Team,
} from './chapter-fixtures.js';
import { type Person, person } from './people-fixtures.js';
import { present } from './present.js';
import { assignEditor, createProject, dayFromToday, join, today } from './project-fixtures.js';
import type { TestApp } from './test-app.js';
import { form, image, upload } from './upload-test-helpers.js';

/** Test helpers for the page work flow: a team with an approved storyboard, plans and step actions. */
export interface Production extends Team {
  chapterId: number;
  pageIds: number[];
}

/** A team whose chapter (`pages` pages) has its storyboard approved: status 2, ready for a plan. */
export async function approvedChapter(
  t: TestApp,
  pages = 2,
  projectOverrides: object = {},
): Promise<Production> {
  const team = await productionTeam(t, projectOverrides);
  const chapterId = await addChapter(t, team.founder, team.projectId, { page: String(pages) });
  await approveNames(t, team, chapterId);
  const list = await call(
    t,
    contract.pages.list,
    { projectId: team.projectId, chapterId },
    team.founder.token,
  );
  return { ...team, chapterId, pageIds: list.body.data.list.map((p) => p.id) };
}

export type PlanStep = { stepId?: number; posId: number; ownerUserId: number };

export function savePlan(
  t: TestApp,
  p: Production,
  pages: { pageId: number; steps: PlanStep[] }[],
  who = p.founder,
) {
  return call(
    t,
    contract.workflow.savePlan,
    { projectId: p.projectId, chapterId: p.chapterId, pages },
    who.token,
  );
}

/** Every page gets the same two steps: pencils (2) by the artist, then backgrounds (5) by the assistant. */
export async function standardPlan(t: TestApp, p: Production): Promise<void> {
  const steps = [
    { posId: 2, ownerUserId: p.artist.id },
    { posId: 5, ownerUserId: p.assistant.id },
  ];
  const res = await savePlan(
    t,
    p,
    p.pageIds.map((pageId) => ({ pageId, steps })),
  );
  if (res.http !== 200) throw new Error(`plan not saved: ${res.body.info}`);
}

/** The steps of a page as `who` sees them on the work screen. */
export async function pageSteps(t: TestApp, p: Production, pageId: number, who: Person = p.founder) {
  const res = await call(
    t,
    contract.workflow.page,
    { projectId: p.projectId, chapterId: p.chapterId, pageId },
    who.token,
  );
  if (res.http !== 200) throw new Error(`no page detail: ${res.body.info}`);
  return res.body.data;
}

/** A page file (upload type 11) uploaded by `who`: its path. */
export async function pageFile(t: TestApp, who: Person, name = 'page.png', data?: Buffer): Promise<string> {
  const res = await upload(t, form(11, name, data ?? (await image('png'))), who.token);
  if (res.http !== 200) throw new Error(`page file not uploaded: ${res.body.info}`);
  return res.body.data.path;
}

/** The step calls by their wire names, which the tests name them by. */
const stepCalls = {
  actionStart: contract.workflow.start,
  actionCommit: contract.workflow.commit,
  actionAuditPass: contract.workflow.pass,
  actionAuditReject: contract.workflow.reject,
  commitList: contract.workflow.history,
  commentList: contract.workflow.comments,
} as const;

export function act<A extends keyof typeof stepCalls>(
  t: TestApp,
  p: Production,
  who: Person,
  action: A,
  workflowStepId: number,
  extra: object = {},
) {
  // `extra` differs by action (a file, a remark), so the input is sent as given.
  const input = { projectId: p.projectId, workflowStepId, ...extra };
  return callUnchecked(t, stepCalls[action], input, who.token);
}

/** Takes one step all the way: started, a file handed in, approved by the founder. */
export async function finishStep(t: TestApp, p: Production, who: Person, stepId: number, data?: Buffer) {
  for (const [action, extra] of [
    ['actionStart', {}],
    ['actionCommit', { filePath: await pageFile(t, who, 'work.png', data) }],
  ] as const) {
    const res = await act(t, p, who, action, stepId, extra);
    if (res.http !== 200) throw new Error(`${action} failed: ${res.body.info}`);
  }
  const res = await act(t, p, p.founder, 'actionAuditPass', stepId);
  if (res.http !== 200) throw new Error(`pass failed: ${res.body.info}`);
}

/** Finishes every page's every step, in order. */
export async function finishAllPages(t: TestApp, p: Production): Promise<void> {
  const owners = new Map([
    [p.artist.id, p.artist],
    [p.assistant.id, p.assistant],
    [p.founder.id, p.founder],
  ]);
  for (const pageId of p.pageIds) {
    for (;;) {
      const { current_step } = await pageSteps(t, p, pageId);
      if (!current_step) break;
      const who = owners.get(current_step.current_user_id);
      if (!who) throw new Error('unknown assignee');
      await finishStep(t, p, who, current_step.step_id);
    }
  }
}

/** The chapter audit calls by their wire names. */
const chapterCalls = {
  actionCommit: contract.workflow.submitAudit,
  actionAuditPass: contract.workflow.passAudit,
  actionAuditReject: contract.workflow.rejectAudit,
} as const;

export function chapterCall<A extends keyof typeof chapterCalls>(
  t: TestApp,
  p: Production,
  who: Person,
  action: A,
  extra: object = {},
) {
  // `extra` differs by action (a note), so the input is sent as given.
  const input = { projectId: p.projectId, chapterId: p.chapterId, ...extra };
  return callUnchecked(t, chapterCalls[action], input, who.token);
}

/** A project with `mainArtists` main artists (position 2), a background designer (5) and an editor in charge. */
export interface ApprovalTeam extends NameTeam {
  artists: Person[];
  assistant: Person;
  everyone: Person[];
}

export async function approvalTeam(t: TestApp, mainArtists: number): Promise<ApprovalTeam> {
  const founder = await person(t, 'creator');
  const editor = await person(t, 'editor');
  const assistant = await person(t, 'creator', { positions: [5] });
  const artists: Person[] = [];
  for (let i = 0; i < mainArtists; i++) artists.push(await person(t, 'creator', { positions: [2] }));
  const projectId = await createProject(t, founder);
  const positions = [{ position_id: 5, num: 1 }];
  if (mainArtists > 0) positions.push({ position_id: 2, num: mainArtists });
  const recruitment = { kind: 1 as const, projectId, stime: today(), etime: dayFromToday(30), positions };
  const res = await call(t, contract.recruitment.add, recruitment, founder.token);
  if (res.http !== 200) throw new Error(`recruitment not started: ${res.body.info}`);
  for (const artist of artists) await join(t, founder, artist, projectId, 2);
  await join(t, founder, assistant, projectId, 5);
  await assignEditor(t, founder, editor, projectId);
  const everyone = [founder, ...artists, assistant, editor];
  return { projectId, founder, editor, artists, assistant, everyone };
}

/**
 * A new one-page chapter of the team in production whose only step, assigned to `owner`, has
 * been started and handed in: it awaits approval.
 */
export async function handedInStep(t: TestApp, team: ApprovalTeam, owner: Person) {
  const { projectId, founder } = team;
  const chapterId = await addChapter(t, founder, projectId, { page: '1' });
  await approveNames(t, team, chapterId);
  const pageId = present((await draftPages(t, founder, projectId, chapterId))[0], 'page').id;
  const posId = owner === team.assistant ? 5 : 2;
  const pages = [{ pageId, steps: [{ posId, ownerUserId: owner.id }] }];
  const plan = await call(t, contract.workflow.savePlan, { projectId, chapterId, pages }, founder.token);
  if (plan.http !== 200) throw new Error(`plan not saved: ${plan.body.info}`);
  const detail = await call(t, contract.workflow.page, { projectId, chapterId, pageId }, owner.token);
  const stepId = present(detail.body.data.steps[0], 'step').step_id;
  const step = { projectId, workflowStepId: stepId };
  const started = await call(t, contract.workflow.start, step, owner.token);
  if (started.http !== 200) throw new Error(`not started: ${started.body.info}`);
  const filePath = await pageFile(t, owner);
  const committed = await call(t, contract.workflow.commit, { ...step, filePath }, owner.token);
  if (committed.http !== 200) throw new Error(`not handed in: ${committed.body.info}`);
  return { chapterId, pageId, stepId };
}

/** Every page gets one step, pencils (2) by the artist. */
export async function oneStepPlan(t: TestApp, p: Production): Promise<void> {
  const steps = [{ posId: 2, ownerUserId: p.artist.id }];
  const res = await savePlan(
    t,
    p,
    p.pageIds.map((pageId) => ({ pageId, steps })),
  );
  if (res.http !== 200) throw new Error(`plan not saved: ${res.body.info}`);
}

/** Takes the page's current step (the artist's) through: started, `data` handed in as `name`, approved. */
export async function finishPageWith(t: TestApp, p: Production, pageId: number, name: string, data: Buffer) {
  const stepId = (await pageSteps(t, p, pageId)).current_step?.step_id as number;
  for (const [action, extra] of [
    ['actionStart', {}],
    ['actionCommit', { filePath: await pageFile(t, p.artist, name, data) }],
  ] as const) {
    const res = await act(t, p, p.artist, action, stepId, extra);
    if (res.http !== 200) throw new Error(`${action} failed: ${res.body.info}`);
  }
  const res = await act(t, p, p.founder, 'actionAuditPass', stepId);
  if (res.http !== 200) throw new Error(`pass failed: ${res.body.info}`);
}

/** The standard plan, and page 1's first step started and handed in by the main artist: its step id. */
export async function firstStepHandedIn(t: TestApp, p: Production): Promise<number> {
  await standardPlan(t, p);
  const [first] = (await pageSteps(t, p, p.pageIds[0] as number)).steps;
  const stepId = first?.step_id as number;
  await act(t, p, p.artist, 'actionStart', stepId);
  await act(t, p, p.artist, 'actionCommit', stepId, { filePath: await pageFile(t, p.artist) });
  return stepId;
}
