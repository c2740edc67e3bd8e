import { randomBytes } from 'node:crypto';
import { TodoType, UploadType } from '@koma/shared';
import { contract, routeLabel } from '@koma/shared/contract';
import { type LoadRequest, runLoad } from './load.js';
import { BENCH_PASSWORD } from './seed.js';
import { BENCH_USER, chapterInProduction, type WorldSize } from './seed-world.js';

/** What issue 6 asks of a call: p95 ≤ 50 ms (read calls), and a share of the ceiling's req/s. */
export interface Budget {
  p95Ms?: number;
  ceilingShare?: number;
}

export interface Call {
  name: string;
  /** The bare one-SELECT app, not the server. */
  ceiling?: boolean;
  budget: Budget;
  requests: LoadRequest[];
}

/** The suite's load (issue 6): each call for 10 s on 10 connections. */
export const SUITE_LOAD = { seconds: 10, connections: 10 };

const READ: Budget = { p95Ms: 50 };

/** A read: issue 6 gives every read call a p95 budget, and no write or the ceiling one. */
export const isRead = (call: Call) => !call.ceiling && call.budget.p95Ms !== undefined;
const json = (token: string) => ({ 'content-type': 'application/json', token });
const post = (path: string, token: string, bodies: object[]): LoadRequest[] =>
  bodies.map((body) => ({ method: 'POST', path, headers: json(token), body: JSON.stringify(body) }));

/** A multipart form as the web app sends it: the type first, then 1 MB of a file. */
function uploadForm(): { body: Buffer; contentType: string } {
  const boundary = `----koma-bench-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${UploadType.FILE}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="資料.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n';
  const body = Buffer.concat([
    Buffer.from(head),
    randomBytes(1024 * 1024),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every call of the bench, in the order they run; the ceiling runs first and last. */
export function benchCalls(token: string, size: WorldSize): Call[] {
  const P = size.projects;
  const ceiling: Call = {
    name: 'ceiling: bare Fastify, 1 SELECT',
    ceiling: true,
    budget: {},
    requests: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({
      method: 'GET',
      path: `/ceiling?id=${1 + ((i * 7919) % size.people)}`,
    })),
  };
  const upload = uploadForm();
  return [
    ceiling,
    {
      name: routeLabel(contract.accounts.login),
      budget: {},
      requests: post(contract.accounts.login.path, '', [
        { username: BENCH_USER.email, password: BENCH_PASSWORD },
      ]).map((r) => ({ ...r, headers: { 'content-type': 'application/json' } })),
    },
    {
      name: routeLabel(contract.profiles.me),
      budget: { ...READ, ceilingShare: 0.4 },
      requests: [{ method: 'GET', path: contract.profiles.me.path, headers: { token } }],
    },
    {
      name: routeLabel(contract.dashboard.home),
      budget: READ,
      requests: [{ method: 'GET', path: contract.dashboard.home.path, headers: { token } }],
    },
    {
      name: routeLabel(contract.matching.search),
      budget: READ,
      requests: post(contract.matching.search.path, token, [
        { page: 1, pageSize: 10 },
        { typeb: [5, 6], media: [1], page: 1, pageSize: 10 },
        { creativecap: [2], adscartoon: 1, page: 3, pageSize: 10 },
        { nick: '作家12', page: 1, pageSize: 10 },
        { status: 1, typeb: [14], page: 2, pageSize: 10 },
      ]),
    },
    {
      name: routeLabel(contract.projects.search),
      budget: READ,
      requests: post(contract.projects.search.path, token, [
        { page: 1, pageSize: 10 },
        { typeb: [3, 4], creativecap: [1], page: 1, pageSize: 10 },
        { join_status: 1, kind: 2, page: 2, pageSize: 10 },
        { keywords: '作品12', page: 1, pageSize: 10 },
        { is_match: true, page: 1, pageSize: 10 },
      ]),
    },
    {
      name: routeLabel(contract.projects.detail),
      budget: { ...READ, ceilingShare: 0.4 },
      // The user's own project, one they work on, their second one, and a stranger's.
      requests: [1, 2, 1 + P / 2, Math.floor(P * 0.37)].map((id) => ({
        method: 'GET',
        path: `${contract.projects.detail.path}?proId=${id}`,
        headers: { token },
      })),
    },
    {
      name: routeLabel(contract.workflow.pages),
      budget: READ,
      requests: post(contract.workflow.pages.path, token, [
        { projectId: 1, chapterId: chapterInProduction(size, 1) },
        { projectId: 2, chapterId: chapterInProduction(size, 2) },
      ]),
    },
    {
      name: routeLabel(contract.dashboard.todoList),
      budget: READ,
      requests: post(
        contract.dashboard.todoList.path,
        token,
        [TodoType.WORK_APPROVAL, TodoType.PAGE_IN_PROGRESS, TodoType.APPLICANT, TodoType.SUBMIT_NAME].map(
          (type) => ({ type, page: 1, pageSize: 10 }),
        ),
      ),
    },
    {
      name: routeLabel(contract.notices.list),
      budget: READ,
      requests: post(contract.notices.list.path, token, [
        { page: 1, pageSize: 10 },
        { page: 5, pageSize: 10 },
      ]),
    },
    {
      name: `${routeLabel(contract.uploads.upload)} (1 MB)`,
      budget: {},
      requests: [
        {
          method: 'POST',
          path: contract.uploads.upload.path,
          headers: { token, 'content-type': upload.contentType },
          body: upload.body,
        },
      ],
    },
    { ...ceiling, name: 'ceiling (again, at the end)' },
  ];
}

/** A request's body as fetch takes it. */
const fetchBody = (body: LoadRequest['body']) =>
  typeof body === 'string' || body === undefined ? body : new Uint8Array(body);

/**
 * Sends each request of each call once and throws unless it answers 200, then runs each call for
 * 1 s: every route warm before anything is measured. `baseOf` says where a call goes.
 */
export async function warmUp(calls: Call[], baseOf: (call: Call) => string, connections: number) {
  for (const call of calls) {
    const base = baseOf(call);
    for (const r of call.requests) {
      const res = await fetch(`${base}${r.path}`, {
        method: r.method,
        headers: r.headers,
        body: fetchBody(r.body),
      });
      if (res.status !== 200) throw new Error(`${call.name}: ${res.status} ${await res.text()}`);
    }
    await runLoad(base, call.requests, 1, connections);
  }
}
