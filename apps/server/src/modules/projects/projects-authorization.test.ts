import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../test/accounts-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { assignEditor, createProject, join, projectBody, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

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
    request: (w) => ({ method: 'GET', url: `/api/project/projectDetail?proId=${w.projectId}` }),
    expected: everyone(200),
  },
  {
    call: 'searchProject',
    request: () => ({ url: '/api/project/searchProject', body: { type: 1 } }),
    expected: everyone(200),
  },
  {
    call: 'project search',
    request: () => ({ url: '/api/project/search', body: {} }),
    expected: everyone(200),
  },
  {
    call: 'dealProject (edit)',
    request: async (w) => ({
      url: '/api/project/dealProject',
      body: { ...(await projectBody(t, w.people.founder)), projectId: w.projectId },
    }),
    expected: { stranger: 403, member: 403, editor: 403, founder: 200 },
  },
  {
    call: 'complete',
    request: (w) => ({ url: '/api/project/complete', body: { projectId: w.projectId } }),
    expected: founderOnly(),
  },
  {
    call: 'invitEditorList',
    request: (w) => ({ url: '/api/project/invitEditorList', body: { proId: w.projectId } }),
    expected: founderOnly(),
  },
  {
    call: 'invitEditor (an editor is already in charge)',
    request: (w) => ({
      url: '/api/project/invitEditor',
      body: { projectid: w.projectId, userid: w.people.editor.id },
    }),
    expected: founderOnly(409),
  },
  {
    call: 'recruit/add',
    ongoing: false,
    request: (w) => ({
      url: '/api/recruit/add',
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
    request: (w) => ({ url: '/api/recruit/cancel', body: { kind: 1, projectId: w.projectId } }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/getDetail',
    request: (w) => ({ url: '/api/recruit/getDetail', body: { kind: 1, projectId: w.projectId } }),
    expected: everyone(200),
  },
  {
    call: 'recruit/applyList',
    request: (w) => ({ url: '/api/recruit/applyList', body: { kind: 1, projectId: w.projectId } }),
    expected: membersOnly,
  },
  {
    call: 'recruit/accept',
    request: (w) => ({
      url: '/api/recruit/accept',
      body: { kind: 1, projectId: w.projectId, posId: 3, userId: w.applicant.id },
    }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/reject',
    request: (w) => ({
      url: '/api/recruit/reject',
      body: { kind: 1, projectId: w.projectId, posId: 3, userId: w.applicant.id },
    }),
    expected: founderOnly(),
  },
  {
    call: 'recruit/apply',
    request: (w) => ({ url: '/api/recruit/apply', body: { kind: 1, projectId: w.projectId, posId: 3 } }),
    expected: { stranger: 200, member: 409, editor: 409, founder: 400 },
  },
  {
    call: 'messageBoard/getList',
    request: (w) => ({ url: '/api/messageBoard/getList', body: { projectId: w.projectId } }),
    expected: membersOnly,
  },
  {
    call: 'messageBoard/add',
    request: (w) => ({
      url: '/api/messageBoard/add',
      body: { projectId: w.projectId, content: 'こんにちは' },
    }),
    expected: membersOnly,
  },
  {
    call: 'dir/getDirList',
    request: (w) => ({ url: '/api/dir/getDirList', body: { projectId: w.projectId } }),
    expected: membersOnly,
  },
  {
    call: 'dir/makeDir',
    request: (w) => ({ url: '/api/dir/makeDir', body: { projectId: w.projectId, dirName: '資料' } }),
    expected: membersOnly,
  },
];

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
  await post(t, '/api/recruit/apply', { kind: 1, projectId, posId: 3 }, applicant.token);
  if (!ongoing) await post(t, '/api/recruit/cancel', { kind: 1, projectId }, people.founder.token);
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
    for (const [url, body] of [
      ['/api/recruit/accept', { kind: 1, projectId: a.projectId, posId: 3, userId: a.applicant.id }],
      ['/api/recruit/cancel', { kind: 1, projectId: a.projectId }],
      ['/api/project/complete', { projectId: a.projectId }],
      ['/api/dir/getDirList', { projectId: a.projectId }],
    ] as const) {
      expect((await post(t, url, body, founderB)).http, url).toBe(404);
    }
    // A's own applicant id on B's project: no such application there.
    const swapped = await post(
      t,
      '/api/recruit/accept',
      { kind: 1, projectId: b.projectId, posId: 3, userId: a.applicant.id },
      founderB,
    );
    expect(swapped.http).toBe(404);
  });
});
