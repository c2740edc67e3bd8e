import { contract, type Endpoint } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter, draftPages, uploadDraftPage } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { assignEditor, createProject, join, projectBody, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, upload } from '../../test/upload-test-helpers.js';

type Actor = 'stranger' | 'member' | 'editor' | 'founder';
interface World {
  projectId: number;
  people: Record<Actor, Person>;
  applicant: Person;
}
interface Row {
  call: string;
  /** Whether the recruitment started in setup is still ongoing when the call is made. */
  ongoing?: boolean;
  request: (
    w: World,
  ) =>
    | Promise<{ method?: 'GET' | 'POST'; url: string; body?: object }>
    | { method?: 'GET' | 'POST'; url: string; body?: object };
  /** HTTP status per actor; anonymous callers always get 401. */
  expected: Record<Actor, number>;
}

const everyone = (status: number) => ({ stranger: status, member: status, editor: status, founder: status });
const membersOnly = { stranger: 404, member: 200, editor: 200, founder: 200 };
const founderOnly = (ok = 200) => ({ stranger: 404, member: 403, editor: 403, founder: ok });

const ROWS: Row[] = [
  {
    call: 'projectDetail',
    request: (w) => ({ method: 'GET', url: `${contract.projects.detail.path}?proId=${w.projectId}` }),
    expected: everyone(200),
  },
  {
    call: 'searchProject',
    request: () => ({ url: contract.projects.mine.path, body: { type: 1 } }),
    expected: everyone(200),
  },
  {
    call: 'project search',
    request: () => ({ url: contract.projects.search.path, body: {} }),
    expected: everyone(200),
  },
  {
    call: 'dealProject (edit)',
    request: async (w) => ({
      url: contract.projects.save.path,
      body: { ...(await projectBody(t, w.people.founder)), projectId: w.projectId },
    }),
    expected: { stranger: 403, member: 403, editor: 403, founder: 200 },
  },
  {
    call: 'complete',
    request: (w) => ({ url: contract.projects.complete.path, body: { projectId: w.projectId } }),
    expected: founderOnly(),
  },
  {
    call: 'invitEditorList',
    request: (w) => ({ url: contract.projects.editors.path, body: { proId: w.projectId } }),
    expected: founderOnly(),
  },
  {
    call: 'invitEditor (an editor is already in charge)',
    request: (w) => ({
      url: contract.projects.invite.path,
      body: { projectid: w.projectId, userid: w.people.editor.id },
    }),
    expected: founderOnly(409),
  },
  {
    call: 'recruit/add',
    ongoing: false,
    request: (w) => ({
      url: contract.recruitment.add.path,
      body: {
        kind: 1,
        projectId: w.projectId,
        stime: new Date().toISOString().slice(0, 10),
        etime: '2099-12-31',
        positions: [{ position_id: 3, num: 1 }],
      },
    }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/cancel',
    request: (w) => ({ url: contract.recruitment.cancel.path, body: { kind: 1, projectId: w.projectId } }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/getDetail',
    request: (w) => ({ url: contract.recruitment.detail.path, body: { kind: 1, projectId: w.projectId } }),
    expected: everyone(200),
  },
  {
    call: 'recruit/applyList',
    request: (w) => ({
      url: contract.recruitment.applicants.path,
      body: { kind: 1, projectId: w.projectId },
    }),
    expected: membersOnly,
  },
  {
    call: 'recruit/accept',
    request: (w) => ({
      url: contract.recruitment.accept.path,
      body: { kind: 1, projectId: w.projectId, posId: 3, userId: w.applicant.id },
    }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/reject',
    request: (w) => ({
      url: contract.recruitment.reject.path,
      body: { kind: 1, projectId: w.projectId, posId: 3, userId: w.applicant.id },
    }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/apply',
    request: (w) => ({
      url: contract.recruitment.apply.path,
      body: { kind: 1, projectId: w.projectId, posId: 3 },
    }),
    expected: { stranger: 200, member: 409, editor: 409, founder: 400 },
  },
  {
    call: 'messageBoard/getList',
    request: (w) => ({ url: contract.board.list.path, body: { projectId: w.projectId } }),
    expected: membersOnly,
  },
  {
    call: 'messageBoard/add',
    request: (w) => ({
      url: contract.board.add.path,
      body: { projectId: w.projectId, content: 'こんにちは' },
    }),
    expected: membersOnly,
  },
  {
    call: 'dir/getDirList',
    request: (w) => ({ url: contract.folders.dirs.path, body: { projectId: w.projectId } }),
    expected: membersOnly,
  },
  {
    call: 'dir/makeDir',
    request: (w) => ({
      url: contract.folders.saveDir.path,
      body: { projectId: w.projectId, dirName: '資料' },
    }),
    expected: membersOnly,
  },
  // --- chapters and their storyboard (docs/production.md) ---
  {
    call: 'chapter/getDetails',
    request: async (w) => ({ url: contract.chapters.detail.path, body: await chapterIds(w) }),
    expected: membersOnly,
  },
  {
    call: 'chapter/update',
    request: async (w) => {
      const ids = await chapterIds(w);
      const { list } = (
        await call(t, contract.chapters.list, { projectId: w.projectId }, w.people.founder.token)
      ).body.data;
      // The header kept as it is: a new one must be the caller's own upload, which each actor's is not.
      const icon = list.find((c) => c.id === ids.chapterId)?.icon as string;
      return {
        url: contract.chapters.update.path,
        body: { ...ids, title: '第1話 改題', icon, scriptAt: '2099-01-01', checkAt: '2099-02-01' },
      };
    },
    // The editorial side owns the chapter's deadlines with the founder (docs/access.md, "Editorial seats").
    expected: { stranger: 404, member: 403, editor: 200, founder: 200 },
  },
  {
    call: 'page/getList',
    request: async (w) => ({ url: contract.pages.list.path, body: await chapterIds(w) }),
    expected: membersOnly,
  },
  {
    call: 'page/addNew',
    request: async (w) => ({ url: contract.pages.add.path, body: await chapterIds(w) }),
    expected: { stranger: 404, member: 200, editor: 403, founder: 200 },
  },
  {
    call: 'page/downloadFile',
    request: async (w) => ({ url: contract.pages.link.path, body: await uploadedPage(w) }),
    expected: membersOnly,
  },
  {
    call: 'page/getNoteList',
    request: async (w) => ({ url: contract.pages.notes.path, body: await pageIds(w) }),
    expected: membersOnly,
  },
  {
    call: 'page/addNote',
    request: async (w) => ({
      url: contract.pages.addNote.path,
      body: { ...(await pageIds(w)), content: 'メモ' },
    }),
    expected: membersOnly,
  },
  {
    call: 'chapter/commitPages (the member submits first, then it is no longer open)',
    request: async (w) => ({
      url: contract.chapters.submitNames.path,
      body: (await submitted(w, false)).chapter,
    }),
    expected: { stranger: 404, member: 200, editor: 403, founder: 409 },
  },
  {
    call: 'page/editorCheck',
    request: async (w) => ({
      url: contract.pages.check.path,
      body: { ...(await submitted(w)).page, checkStatus: 1 },
    }),
    expected: { stranger: 404, member: 403, editor: 200, founder: 403 },
  },
  {
    call: 'chapter/editorCheckChapter',
    request: async (w) => ({
      url: contract.chapters.checkNames.path,
      body: { ...(await submitted(w)).chapter, checkStatus: 2, chapterNote: '直してください' },
    }),
    expected: { stranger: 404, member: 403, editor: 200, founder: 403 },
  },
  // --- the page work flow (docs/production.md) ---
  {
    call: 'workflow/positionMemberList',
    request: async (w) => ({ url: contract.workflow.positions.path, body: (await approved(w)).chapter }),
    expected: membersOnly,
  },
  {
    call: 'workflow/getPositionMembers',
    request: async (w) => ({ url: contract.workflow.plan.path, body: (await approved(w)).chapter }),
    expected: membersOnly,
  },
  {
    call: 'workflow/savePositionMembers',
    request: async (w) => {
      const { chapter, pageId } = await approved(w);
      const steps = [{ posId: 2, ownerUserId: w.people.member.id }];
      return { url: contract.workflow.savePlan.path, body: { ...chapter, pages: [{ pageId, steps }] } };
    },
    expected: founderOnly(),
  },
  {
    call: 'workflow/pageWorkingProcessList',
    request: async (w) => ({ url: contract.workflow.pages.path, body: (await planned(w)).chapter }),
    expected: membersOnly,
  },
  {
    call: 'workflow/pageWorkingProcessDetail',
    request: async (w) => {
      const { chapter, pageId } = await planned(w);
      return { url: contract.workflow.page.path, body: { ...chapter, pageId } };
    },
    expected: membersOnly,
  },
  {
    call: 'workflow/actionStart (the member is the assignee)',
    request: async (w) => ({ url: contract.workflow.start.path, body: (await planned(w)).step }),
    expected: { stranger: 404, member: 200, editor: 403, founder: 403 },
  },
  {
    call: 'workflow/actionCommit',
    request: async (w) => {
      const { step } = await planned(w, 'started');
      return {
        url: contract.workflow.commit.path,
        body: { ...step, filePath: await pageFile(w.people.member) },
      };
    },
    expected: { stranger: 404, member: 200, editor: 403, founder: 403 },
  },
  {
    // The member is a main artist, but the step is their own: the founder decides.
    call: "workflow/actionAuditPass (the member's own step)",
    request: async (w) => ({
      url: contract.workflow.pass.path,
      body: (await planned(w, 'handedIn')).step,
    }),
    expected: { stranger: 404, member: 403, editor: 403, founder: 200 },
  },
  {
    call: "workflow/actionAuditReject (the member's own step)",
    request: async (w) => ({
      url: contract.workflow.reject.path,
      body: { ...(await planned(w, 'handedIn')).step, remark: '直してください' },
    }),
    expected: { stranger: 404, member: 403, editor: 403, founder: 200 },
  },
  {
    call: 'workflow/commitList',
    request: async (w) => ({
      url: contract.workflow.history.path,
      body: (await planned(w, 'handedIn')).step,
    }),
    expected: membersOnly,
  },
  {
    call: 'workflow/commentList',
    request: async (w) => ({ url: contract.workflow.comments.path, body: (await planned(w)).step }),
    expected: membersOnly,
  },
  {
    call: 'workflow/downloadZip',
    request: async (w) => ({
      url: contract.workflow.downloadZip.path,
      body: { ...(await planned(w, 'done')).chapter, link: true },
    }),
    expected: membersOnly,
  },
  {
    call: 'workflow/chapter/actionCommit',
    request: async (w) => ({
      url: contract.workflow.submitAudit.path,
      body: (await planned(w, 'done')).chapter,
    }),
    expected: founderOnly(),
  },
  {
    call: 'workflow/chapter/actionAuditPass',
    request: async (w) => ({
      url: contract.workflow.passAudit.path,
      body: (await planned(w, 'audit')).chapter,
    }),
    expected: { stranger: 404, member: 403, editor: 200, founder: 403 },
  },
  {
    call: 'workflow/chapter/actionAuditReject',
    request: async (w) => ({
      url: contract.workflow.rejectAudit.path,
      body: { ...(await planned(w, 'audit')).chapter, remark: '直してください' },
    }),
    expected: { stranger: 404, member: 403, editor: 200, founder: 403 },
  },
];

/** A one-page chapter of the world's project. */
async function chapterIds(w: World) {
  const chapterId = await addChapter(t, w.people.founder, w.projectId, { page: '1' });
  return { projectId: w.projectId, chapterId };
}

async function pageIds(w: World) {
  const { projectId, chapterId } = await chapterIds(w);
  const [page] = await draftPages(t, w.people.founder, projectId, chapterId);
  return { projectId, pageId: page?.id as number, chapterId };
}

async function uploadedPage(w: World) {
  const { projectId, pageId } = await pageIds(w);
  await uploadDraftPage(t, w.people.founder, projectId, pageId);
  return { projectId, pageId };
}

/** A chapter whose only page is uploaded, submitted to the editor unless `commit` is false. */
async function submitted(w: World, commit = true) {
  const { projectId, pageId, chapterId } = await pageIds(w);
  await uploadDraftPage(t, w.people.founder, projectId, pageId);
  const chapter = { projectId, chapterId };
  if (commit) await call(t, contract.chapters.submitNames, chapter, w.people.founder.token);
  return { chapter, page: { projectId, pageId } };
}

/** A one-page chapter whose storyboard the editor has approved (status 2). */
async function approved(w: World) {
  const { chapter, page } = await submitted(w);
  const editor = w.people.editor.token;
  await call(t, contract.pages.check, { ...page, checkStatus: 1 }, editor);
  await call(t, contract.chapters.checkNames, { ...chapter, checkStatus: 1, chapterNote: '' }, editor);
  return { chapter, pageId: page.pageId };
}

async function pageFile(who: Person): Promise<string> {
  return (await upload(t, form(11, 'work.png', await image('png')), who.token)).body.data.path;
}

type Stage = 'planned' | 'started' | 'handedIn' | 'done' | 'audit';
const STAGES: Stage[] = ['planned', 'started', 'handedIn', 'done', 'audit'];

/** The approved chapter with one step (main artist: the member), taken up to `stage`. */
async function planned(w: World, stage: Stage = 'planned') {
  const { chapter, pageId } = await approved(w);
  const { founder, member } = w.people;
  const steps = [{ posId: 2, ownerUserId: member.id }];
  await call(t, contract.workflow.savePlan, { ...chapter, pages: [{ pageId, steps }] }, founder.token);
  const detail = await call(t, contract.workflow.page, { ...chapter, pageId }, founder.token);
  const step = { projectId: w.projectId, workflowStepId: detail.body.data.steps[0]?.step_id as number };
  const reached = (s: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(s);
  const calls: [Stage, Endpoint, Person, object][] = [
    ['started', contract.workflow.start, member, step],
    ['handedIn', contract.workflow.commit, member, { ...step, filePath: '' }],
    ['done', contract.workflow.pass, founder, step],
    ['audit', contract.workflow.submitAudit, founder, chapter],
  ];
  for (const [s, endpoint, who, body] of calls) {
    if (!reached(s)) break;
    const payload = 'filePath' in body ? { ...body, filePath: await pageFile(who) } : body;
    const res = await callUnchecked(t, endpoint, payload, who.token);
    if (res.http !== 200) throw new Error(`${endpoint.path}: ${res.body.info}`);
  }
  return { chapter, pageId, step };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A project with a member (main artist), an editor in charge, a pending applicant, and a stranger. */
async function world(ongoing: boolean): Promise<World> {
  const people = {
    founder: await person(t, 'creator'),
    member: await person(t, 'creator'),
    editor: await person(t, 'editor'),
    stranger: await person(t, 'creator'),
  };
  const applicant = await person(t, 'creator');
  const projectId = await createProject(t, people.founder);
  await recruit(t, people.founder, projectId, [2, 3]);
  await join(t, people.founder, people.member, projectId, 2);
  await assignEditor(t, people.founder, people.editor, projectId);
  await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 3 }, applicant.token);
  if (!ongoing) await call(t, contract.recruitment.cancel, { kind: 1, projectId }, people.founder.token);
  return { projectId, people, applicant };
}

describe('who may call each project call', () => {
  it.each(ROWS)('$call', async (row) => {
    const w = await world(row.ongoing ?? true);
    const { method = 'POST', url, body } = await row.request(w);
    const anonymous = await t.app.inject({ method, url, payload: body });
    expect(anonymous.json().status, 'anonymous').toBe(50014);
    // Everyone but the founder first: a refused call must change nothing the founder then relies on.
    for (const actor of ['stranger', 'member', 'editor', 'founder'] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: body,
        headers: { token: w.people[actor].token },
      });
      expect(res.statusCode, `${actor} calling ${row.call}: ${res.json().info}`).toBe(row.expected[actor]);
    }
  });

  it('answers 404 when another project’s id is swapped in', async () => {
    const a = await world(true);
    const b = await world(true);
    // B's founder acts on A with A's ids: A is not theirs.
    const founderB = b.people.founder.token;
    for (const [endpoint, body] of [
      [contract.recruitment.accept, { kind: 1, projectId: a.projectId, posId: 3, userId: a.applicant.id }],
      [contract.recruitment.cancel, { kind: 1, projectId: a.projectId }],
      [contract.projects.complete, { projectId: a.projectId }],
      [contract.folders.dirs, { projectId: a.projectId }],
    ] as const) {
      expect((await callUnchecked(t, endpoint, body, founderB)).http, endpoint.path).toBe(404);
    }
    // A's chapter and page: under A's project id (not B's founder's) or under B's own.
    const { chapterId, pageId } = await pageIds(a);
    for (const projectId of [a.projectId, b.projectId]) {
      for (const [endpoint, body] of [
        [contract.chapters.detail, { projectId, chapterId }],
        [contract.pages.list, { projectId, chapterId }],
        [contract.pages.add, { projectId, chapterId }],
        [contract.chapters.submitNames, { projectId, chapterId }],
        [contract.pages.remove, { projectId, pageId }],
        [contract.pages.addNote, { projectId, pageId, content: 'x' }],
        [contract.pages.notes, { projectId, pageId }],
      ] as const) {
        expect((await callUnchecked(t, endpoint, body, founderB)).http, `${endpoint.path} ${projectId}`).toBe(
          404,
        );
      }
    }
    expect(await draftPages(t, a.people.founder, a.projectId, chapterId)).toEqual([
      expect.objectContaining({ id: pageId, num: 1, status: 0, note_count: 0 }),
    ]);
    // A's work-flow step and chapter, under either project id.
    const work = await planned(a, 'handedIn');
    for (const projectId of [a.projectId, b.projectId]) {
      const step = { projectId, workflowStepId: work.step.workflowStepId };
      const chapter = { projectId, chapterId: work.chapter.chapterId };
      for (const [endpoint, body] of [
        [contract.workflow.pass, step],
        [contract.workflow.reject, { ...step, remark: 'x' }],
        [contract.workflow.history, step],
        [contract.workflow.pages, chapter],
        [contract.workflow.savePlan, { ...chapter, pages: [{ pageId: work.pageId, steps: [] }] }],
        [contract.workflow.downloadZip, { ...chapter, link: true }],
      ] as const) {
        expect((await callUnchecked(t, endpoint, body, founderB)).http, `${endpoint.path} ${projectId}`).toBe(
          404,
        );
      }
    }
    // A's own applicant id on B's project: no such application there.
    const swapped = await call(
      t,
      contract.recruitment.accept,
      { kind: 1, projectId: b.projectId, posId: 3, userId: a.applicant.id },
      founderB,
    );
    expect(swapped.http).toBe(404);
  });
});
