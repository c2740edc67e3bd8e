import { contract } from '@koma/shared/contract';
import { call } from './api.js';
import { type Person, person } from './people-fixtures.js';
import { assignEditor, cover, createProject, dayFromToday, join, recruit } from './project-fixtures.js';
import type { TestApp } from './test-app.js';
import { image, sendForm } from './upload-test-helpers.js';

/** The four people of a production: founder, editor in charge, main artist (2), background artist (5). */
export interface Team {
  projectId: number;
  founder: Person;
  editor: Person;
  artist: Person;
  assistant: Person;
  /** A logged-in creator who is not in the project. */
  stranger: Person;
}

/** The people the storyboard's way to approval needs. */
export type NameTeam = Pick<Team, 'projectId' | 'founder' | 'editor'>;

export async function productionTeam(t: TestApp, projectOverrides: object = {}): Promise<Team> {
  const founder = await person(t, 'creator');
  const editor = await person(t, 'editor');
  const artist = await person(t, 'creator', { positions: [2] });
  const assistant = await person(t, 'creator', { positions: [5] });
  const stranger = await person(t, 'creator');
  const projectId = await createProject(t, founder, projectOverrides);
  await recruit(t, founder, projectId, [2, 5]);
  await join(t, founder, artist, projectId, 2);
  await join(t, founder, assistant, projectId, 5);
  await assignEditor(t, founder, editor, projectId);
  return { projectId, founder, editor, artist, assistant, stranger };
}

export async function chapterBody(t: TestApp, founder: Person, projectId: number, overrides: object = {}) {
  return {
    projectId,
    title: '第1話 はじまり',
    page: '3',
    icon: await cover(t, founder),
    scriptAt: dayFromToday(7),
    checkAt: dayFromToday(30),
    ...overrides,
  };
}

/** A chapter added by the founder through the API; its id. */
export async function addChapter(t: TestApp, founder: Person, projectId: number, overrides: object = {}) {
  const res = await call(
    t,
    contract.chapters.add,
    await chapterBody(t, founder, projectId, overrides),
    founder.token,
  );
  if (res.http !== 200) throw new Error(`chapter not added: ${res.body.info}`);
  return res.body.data.chapterId;
}

/** The to-do types a person has right now, with their counts: `{13: 1, ...}`. */
export async function todoCounts(t: TestApp, who: Person): Promise<Record<number, number>> {
  const res = await call(t, contract.dashboard.todoCounts, undefined, who.token);
  const counts: Record<number, number> = {};
  for (const r of res.body.data.list) if (r.cnt > 0) counts[r.type] = r.cnt;
  return counts;
}

export async function chapterStatus(t: TestApp, who: Person, projectId: number, chapterId: number) {
  const res = await call(t, contract.chapters.detail, { projectId, chapterId }, who.token);
  if (res.http !== 200) throw new Error(`no details: ${res.body.info}`);
  return { status: res.body.data.status, audit: res.body.data.audit_status };
}

/**
 * `who` uploads an image as the draft page `pageId` (multipart: projectId, pageId, then the file);
 * the answer as {http, body}. Pass `file` to send other content or another name.
 */
export async function uploadPageFile(
  t: TestApp,
  who: Person,
  projectId: number,
  pageId: number,
  file: { filename?: string; data?: Buffer } = {},
) {
  const parts = [
    { name: 'projectId', value: String(projectId) },
    { name: 'pageId', value: String(pageId) },
    { name: 'file', filename: file.filename ?? 'page.png', data: file.data ?? (await image('png')) },
  ];
  return sendForm(t, contract.pages.upload, parts, who.token, undefined);
}

/** `who` uploads a PNG as the draft page `pageId`; the page as the list shows it. */
export async function uploadDraftPage(t: TestApp, who: Person, projectId: number, pageId: number) {
  const res = await uploadPageFile(t, who, projectId, pageId);
  if (res.http !== 200) throw new Error(`page not uploaded: ${res.body.info}`);
  return res.body.data;
}

/** The draft pages of a chapter, in order, as `who` sees them. */
export async function draftPages(t: TestApp, who: Person, projectId: number, chapterId: number) {
  const res = await call(t, contract.pages.list, { projectId, chapterId }, who.token);
  if (res.http !== 200) throw new Error(`no page list: ${res.body.info}`);
  return res.body.data.list;
}

/** The founder uploads every page still empty and submits the storyboard (status → 4). */
export async function submitNames(t: TestApp, team: NameTeam, chapterId: number): Promise<void> {
  const { projectId, founder } = team;
  for (const page of await draftPages(t, founder, projectId, chapterId))
    if (page.status === 0) await uploadDraftPage(t, founder, projectId, page.id);
  const res = await call(t, contract.chapters.submitNames, { projectId, chapterId }, founder.token);
  if (res.http !== 200) throw new Error(`names not submitted: ${res.body.info}`);
}

/**
 * The storyboard approved end to end: the founder uploads every page and submits it, the editor
 * passes each page and the chapter (status → 2, the work flow can be set up).
 */
export async function approveNames(t: TestApp, team: NameTeam, chapterId: number): Promise<void> {
  const { projectId, editor } = team;
  await submitNames(t, team, chapterId);
  for (const page of await draftPages(t, editor, projectId, chapterId)) {
    const res = await call(
      t,
      contract.pages.check,
      { projectId, pageId: page.id, checkStatus: 1 },
      editor.token,
    );
    if (res.http !== 200) throw new Error(`page not passed: ${res.body.info}`);
  }
  const res = await call(
    t,
    contract.chapters.checkNames,
    { projectId, chapterId, checkStatus: 1, chapterNote: '' },
    editor.token,
  );
  if (res.http !== 200) throw new Error(`names not approved: ${res.body.info}`);
}

/** @deprecated Untyped: call endpoints by name with `call` (./api.ts); kept until the last tests move to it. */
