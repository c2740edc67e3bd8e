import type { DealProjectBody } from '@koma/shared';
import { type ApiInput, contract } from '@koma/shared/contract';
import { addDays, tokyoDay } from '../lib/calendar.js';
import { call } from './api.js';
import type { Person } from './people-fixtures.js';
import { present } from './present.js';
import type { TestApp } from './test-app.js';
import { form, image, upload } from './upload-test-helpers.js';

/** A cover image uploaded by `owner` (type 3): its path. */
export async function cover(t: TestApp, owner: Person): Promise<string> {
  const res = await upload(t, form(3, 'cover.png', await image('png')), owner.token);
  if (res.http !== 200) throw new Error(`cover upload failed: ${res.body.info}`);
  return res.body.data.path;
}

export async function projectBody(
  t: TestApp,
  founder: Person,
  overrides: Partial<DealProjectBody> = {},
): Promise<DealProjectBody> {
  return {
    icon: await cover(t, founder),
    title: '月の庭',
    kind: 1,
    type: 1,
    creativecap: [1],
    typeb: [5, 6],
    content: '月の見える庭で\n出会った二人の物語。',
    ...overrides,
  };
}

/** A project made through the API; its id. */
export async function createProject(t: TestApp, founder: Person, overrides: Partial<DealProjectBody> = {}) {
  const res = await call(t, contract.projects.save, await projectBody(t, founder, overrides), founder.token);
  if (res.http !== 200) throw new Error(`project not created: ${res.body.info}`);
  return res.body.data.projectId;
}

export const today = () => tokyoDay();
export const dayFromToday = (days: number) => addDays(tokyoDay(), days);

/** A project-level recruitment body (recruit/add, recruit/update): one main artist (position 2), today to +14 days. */
export const recruitBody = (projectId: number, over: object = {}): ApiInput<'recruitment', 'add'> => ({
  kind: 1,
  projectId,
  stime: today(),
  etime: dayFromToday(14),
  positions: [{ position_id: 2, num: 1 }],
  condition: '',
  ...over,
});

/** Starts a project-level recruitment for the given positions (`num` people each). */
export async function recruit(
  t: TestApp,
  founder: Person,
  projectId: number,
  positions: number[] = [2, 3],
  num = 1,
) {
  const body = recruitBody(projectId, {
    etime: dayFromToday(30),
    positions: positions.map((position_id) => ({ position_id, num })),
    condition: 'デジタル作画できる方',
  });
  const res = await call(t, contract.recruitment.add, body, founder.token);
  if (res.http !== 200) throw new Error(`recruitment not started: ${res.body.info}`);
}

/** `applicant` applies for `posId` and the founder accepts: a member. */
export async function join(t: TestApp, founder: Person, applicant: Person, projectId: number, posId = 2) {
  await call(t, contract.recruitment.apply, { kind: 1, projectId, posId, message: '' }, applicant.token);
  const res = await call(
    t,
    contract.recruitment.accept,
    { projectId, kind: 1, posId, userId: applicant.id },
    founder.token,
  );
  if (res.http !== 200) throw new Error(`not accepted: ${res.body.info}`);
}

/** `applicant` joins one chapter only: a chapter recruitment for `posId`, applied for and accepted. */
export async function joinChapter(
  t: TestApp,
  founder: Person,
  applicant: Person,
  at: { projectId: number; chapterId: number },
  posId = 6,
) {
  const { projectId, chapterId } = at;
  const body = recruitBody(projectId, { kind: 2, chapterId, positions: [{ position_id: posId, num: 1 }] });
  const started = await call(t, contract.recruitment.add, body, founder.token);
  if (started.http !== 200) throw new Error(`chapter recruitment not started: ${started.body.info}`);
  await call(t, contract.recruitment.apply, { kind: 2, projectId, chapterId, posId }, applicant.token);
  const res = await call(
    t,
    contract.recruitment.accept,
    { projectId, kind: 2, chapterId, posId, userId: applicant.id },
    founder.token,
  );
  if (res.http !== 200) throw new Error(`not accepted for the chapter: ${res.body.info}`);
}

/** An editor paired with the founder, invited and accepted: the editor in charge. */
export async function assignEditor(t: TestApp, founder: Person, editor: Person, projectId: number) {
  await call(t, contract.matching.apply, { toUid: editor.id, message: '' }, founder.token);
  const pairs = (await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs;
  const { msgId } = present(pairs[0], 'pairing request');
  await call(t, contract.matching.deal, { msgId, state: 1, message: '' }, editor.token);
  await call(t, contract.projects.invite, { projectid: projectId, userid: editor.id }, founder.token);
  const res = await call(t, contract.projects.answer, { projectId, checkStatus: 1 }, editor.token);
  if (res.http !== 200) throw new Error(`editor not assigned: ${res.body.info}`);
}
