/**
 * trial:races — 2–10 parallel transitions on one object, through the real HTTP server on
 * PostgreSQL (where races are real): exactly one succeeds, the others answer 409 with its info,
 * and no notice or member is doubled.
 *
 *   npm run trial:races [-- --per-kind 100]
 *
 * Kinds (100 trials each by default, 500 in all): a work-flow step's audit (pass vs reject by the
 * founder and the main artist), the editor's storyboard decision (editorCheckChapter), the
 * founder's answer to an application (accept vs reject), the editor's answer to an invitation, and
 * the answer to a pairing (friend) request. A throwaway database on postgres://postgres@127.0.0.1:5432
 * (TRIAL_DATABASE_URL to name another server).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import pg from 'pg';
import { createThrowawayDatabase } from '../../apps/server/src/test/test-app.js';
import { startServer } from '../../bench/lib/processes.js';
import {
  type Answer,
  Api,
  addChapter,
  assignEditor,
  cover,
  createProject,
  join,
  noisePng,
  ok,
  pageList,
  recruit,
  signUp,
  table,
  uploadPage,
} from './lib.js';

const { values: args } = parseArgs({ options: { 'per-kind': { type: 'string', default: '100' } } });
const PER_KIND = Number(args['per-kind']);
const ADMIN_URL = process.env.TRIAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ja = MESSAGES.ja as Record<string, string>;

const throwaway = await createThrowawayDatabase(ADMIN_URL);
const url = new URL(throwaway.url);
const db = new pg.Client({ connectionString: url.toString() });

const failures: string[] = [];
const rows: Record<string, string | number>[] = [];
/** How many racers this trial: 2 to 10. */
const racers = () => 2 + Math.floor(Math.random() * 9);
const count = async (sql: string, params: unknown[]) => Number((await db.query(sql, params)).rows[0].n);
const noticesOf = (userId: number) => count('select count(*) as n from notices where user_id = $1', [userId]);

interface Stats {
  trials: number;
  calls: number;
  wins: number;
  conflicts: number;
  other: number;
  infos: Set<string>;
}
const stats = (): Stats => ({ trials: 0, calls: 0, wins: 0, conflicts: 0, other: 0, infos: new Set() });

/** Checks one race's answers: one 200, the others 409 with an info a user can read. */
function judge(kind: string, s: Stats, answers: Answer[]): number {
  s.trials++;
  s.calls += answers.length;
  const wins = answers.filter((a) => a.http === 200).length;
  const conflicts = answers.filter((a) => a.http === 409);
  s.wins += wins;
  s.conflicts += conflicts.length;
  s.other += answers.length - wins - conflicts.length;
  for (const c of conflicts) s.infos.add(c.body.info);
  if (wins !== 1 || conflicts.length !== answers.length - 1)
    failures.push(`${kind}: ${answers.map((a) => `${a.http} ${a.body.info ?? ''}`).join(' | ')}`);
  if (conflicts.some((c) => !c.body.info || !Object.values(ja).includes(c.body.info)))
    failures.push(`${kind}: a 409 without a known info: ${conflicts.map((c) => c.body.info).join(' | ')}`);
  return answers.findIndex((a) => a.http === 200);
}

function row(kind: string, s: Stats, extra: string) {
  rows.push({
    race: kind,
    trials: s.trials,
    'parallel calls': s.calls,
    'answered 200': s.wins,
    'answered 409': s.conflicts,
    other: s.other,
    'duplicates found': extra,
    '409 infos': [...s.infos].join(' / '),
  });
}

const server = await startServer(url.toString(), { env: { LOG_LEVEL: 'error' } });
const api = new Api(server.base, path.join(server.dataDir, 'mail'));
const began = performance.now();
try {
  await db.connect();
  const founder = await signUp(api, 'creator');
  const editor = await signUp(api, 'editor');
  const artist = await signUp(api, 'creator', [2]);

  // --- 1. a work-flow step's audit: approvers pass and reject one committed step ------------------
  {
    const s = stats();
    let duplicates = 0;
    const projectId = await createProject(api, founder);
    await recruit(api, founder, projectId, [2]);
    await join(api, founder, artist, projectId, 2);
    await assignEditor(api, founder, editor, projectId);
    const chapterId = await addChapter(api, founder, projectId, PER_KIND);
    const png = await noisePng(16);
    const pages = await pageList(api, founder, projectId, chapterId);
    for (const page of pages) await ok(uploadPage(api, founder, projectId, page.id, png), 'page');
    await ok(api.post(contract.chapters.submitNames.path, { projectId, chapterId }, founder.token), 'submit');
    for (const page of pages)
      await ok(
        api.post(contract.pages.check.path, { projectId, pageId: page.id, checkStatus: 1 }, editor.token),
        'pass',
      );
    await ok(
      api.post(
        contract.chapters.checkNames.path,
        { projectId, chapterId, checkStatus: 1, chapterNote: '' },
        editor.token,
      ),
      'approve names',
    );
    const plan = pages.map((p) => ({ pageId: p.id, steps: [{ posId: 2, ownerUserId: artist.id }] }));
    await ok(
      api.post(contract.workflow.savePlan.path, { projectId, chapterId, pages: plan }, founder.token),
      'plan',
    );
    for (const page of pages) {
      const detail = await ok(
        api.post(contract.workflow.page.path, { projectId, chapterId, pageId: page.id }, founder.token),
        'detail',
      );
      const workflowStepId = detail.steps[0].step_id as number;
      await ok(api.post(contract.workflow.start.path, { projectId, workflowStepId }, artist.token), 'start');
      const file = await ok(
        api.upload(contract.uploads.upload.path, { type: '11' }, png, 'work.png', artist.token),
        'work file',
      );
      await ok(
        api.post(
          contract.workflow.commit.path,
          { projectId, workflowStepId, filePath: file.path },
          artist.token,
        ),
        'commit',
      );
      const before = await noticesOf(artist.id);
      const deciders = Array.from({ length: racers() }, (_, i) => (i % 2 === 0 ? founder : artist));
      const calls = deciders.map((who, i) => {
        return i % 3 === 2
          ? api.post(
              contract.workflow.reject.path,
              { projectId, workflowStepId, remark: '差し戻し' },
              who.token,
            )
          : api.post(contract.workflow.pass.path, { projectId, workflowStepId }, who.token);
      });
      const winner = deciders[judge('step audit', s, await Promise.all(calls))];
      // The assignee hears of the one decision once; not when deciding on their own step (the
      // main artist is an approver too).
      const told = (await noticesOf(artist.id)) - before;
      const expected = winner === artist ? 0 : 1;
      if (told !== expected) {
        duplicates++;
        failures.push(`step audit: the assignee got ${told} notices, ${expected} expected`);
      }
    }
    row('step audit pass / reject', s, String(duplicates));
  }

  // --- 2. the editor's storyboard decision on one chapter ----------------------------------------
  {
    const s = stats();
    let duplicates = 0;
    const projectId = await createProject(api, founder);
    await assignEditor(api, founder, editor, projectId);
    const png = await noisePng(16);
    for (let trial = 0; trial < PER_KIND; trial++) {
      const chapterId = await addChapter(api, founder, projectId, 1);
      const [page] = await pageList(api, founder, projectId, chapterId);
      if (!page) throw new Error('no page');
      await ok(uploadPage(api, founder, projectId, page.id, png), 'page');
      await ok(
        api.post(contract.chapters.submitNames.path, { projectId, chapterId }, founder.token),
        'submit',
      );
      await ok(
        api.post(contract.pages.check.path, { projectId, pageId: page.id, checkStatus: 1 }, editor.token),
        'pass',
      );
      const before = await noticesOf(founder.id);
      const body = { projectId, chapterId, checkStatus: 1, chapterNote: '' };
      const calls = Array.from({ length: racers() }, () =>
        api.post(contract.chapters.checkNames.path, body, editor.token),
      );
      judge('names decision', s, await Promise.all(calls));
      const told = (await noticesOf(founder.id)) - before;
      if (told !== 1) {
        duplicates++;
        failures.push(`names decision: the founder got ${told} notices`);
      }
    }
    row('storyboard editorCheckChapter', s, String(duplicates));
  }

  // --- 3. the founder's answer to one application -----------------------------------------------
  {
    const s = stats();
    let duplicates = 0;
    let projectId = 0;
    for (let trial = 0; trial < PER_KIND; trial++) {
      // 99 places (the most a position takes), and no more are accepted (recruit/accept answers
      // 409 positionFilled): about two thirds of the races end in an accept, so a new project
      // every 99 trials keeps a place free for each.
      if (trial % 99 === 0) {
        projectId = await createProject(api, founder);
        await recruit(api, founder, projectId, [3], 99);
      }
      const applicant = await signUp(api, 'creator', [3]);
      await ok(
        api.post(
          contract.recruitment.apply.path,
          { kind: 1, projectId, posId: 3, message: '' },
          applicant.token,
        ),
        'apply',
      );
      const body = { projectId, kind: 1, posId: 3, userId: applicant.id };
      const calls = Array.from({ length: racers() }, (_, i) =>
        api.post(
          i % 3 === 2 ? contract.recruitment.reject.path : contract.recruitment.accept.path,
          body,
          founder.token,
        ),
      );
      judge('application', s, await Promise.all(calls));
      const members = await count(
        'select count(*) as n from project_members where project_id = $1 and user_id = $2',
        [projectId, applicant.id],
      );
      const told = await noticesOf(applicant.id);
      if (members > 1 || told !== 1) {
        duplicates++;
        failures.push(`application: ${members} member rows, ${told} notices`);
      }
    }
    row('recruitment accept / reject', s, String(duplicates));
  }

  // --- 4. the editor's answer to one invitation ----------------------------------------------------
  {
    const s = stats();
    let duplicates = 0;
    for (let trial = 0; trial < PER_KIND; trial++) {
      const body = {
        icon: await cover(api, founder),
        title: `招待 ${trial}`,
        kind: 1,
        type: 1,
        creativecap: [1],
        typeb: [5, 6],
        content: '試験',
      };
      const projectId = (await ok(api.post(contract.projects.save.path, body, founder.token), 'project'))
        .projectId;
      await ok(
        api.post(contract.projects.invite.path, { projectid: projectId, userid: editor.id }, founder.token),
        'invite',
      );
      const calls = Array.from({ length: racers() }, (_, i) =>
        api.post(
          contract.projects.answer.path,
          { projectId, checkStatus: i % 3 === 2 ? 2 : 1 },
          editor.token,
        ),
      );
      judge('invitation', s, await Promise.all(calls));
      const editors = await count(
        'select count(*) as n from project_members where project_id = $1 and user_id = $2',
        [projectId, editor.id],
      );
      if (editors > 1) {
        duplicates++;
        failures.push(`invitation: ${editors} editor rows`);
      }
    }
    row('editor invitation accept / refuse', s, String(duplicates));
  }

  // --- 5. the answer to one pairing (friend) request ----------------------------------------------
  {
    const s = stats();
    let duplicates = 0;
    for (let trial = 0; trial < PER_KIND; trial++) {
      const creator = await signUp(api, 'creator');
      await ok(
        api.post(contract.matching.apply.path, { toUid: editor.id, message: '' }, creator.token),
        'pairing',
      );
      const pairs = (await ok(api.get(contract.dashboard.home.path, editor.token), 'home')).pairs as {
        msgId: number;
        userid?: number;
      }[];
      const msgId = (pairs.find((p) => p.userid === creator.id) ?? pairs[0])?.msgId;
      const calls = Array.from({ length: racers() }, (_, i) =>
        api.post(
          contract.matching.deal.path,
          { msgId, state: i % 3 === 2 ? 2 : 1, message: '' },
          editor.token,
        ),
      );
      judge('pairing', s, await Promise.all(calls));
      const told = await noticesOf(creator.id);
      const friends = await count(
        'select count(*) as n from friendships where (user_id = $1 and friend_id = $2) or (user_id = $2 and friend_id = $1)',
        [creator.id, editor.id],
      ).catch(() => -1);
      if (told !== 1 || friends > 2) {
        duplicates++;
        failures.push(`pairing: ${told} notices, ${friends} friendship rows`);
      }
    }
    row('pairing request accept / decline', s, String(duplicates));
  }
} catch (err) {
  failures.push(`aborted: ${(err as Error).stack ?? err}`);
} finally {
  await server.stop().catch(() => {});
  await db.end().catch(() => {});
  await throwaway.drop();
}

console.log(
  `\ntrial:races on PostgreSQL, through HTTP (${Math.round((performance.now() - began) / 1000)} s)`,
);
table(rows);
console.log(`trials: ${rows.reduce((n, r) => n + Number(r.trials), 0)}`);
if (failures.length > 0) {
  console.log(`\n${failures.slice(0, 30).join('\n')}`);
  process.exit(1);
}
