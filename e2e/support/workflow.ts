import type { MarkColor, MarkShape } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall } from './api.js';
import { apiPerson, type Person } from './people.js';
import { apiEditorInCharge, solidPng } from './production.js';
import { apiJoin, apiProject, apiRecruit, tokyoDay, uploadCover } from './projects.js';

/**
 * A chapter of `projectId` (one page unless `pageCount` says more) brought through the API to
 * production: its storyboard pages uploaded by the founder and approved by the editor in charge
 * (after writing `pageNote` on the first, if given), then the work flow saved with `steps`
 * (position and assignee, in order) on every page.
 */
export async function apiChapterInProduction(
  request: APIRequestContext,
  crew: { founder: Person; editor: Person },
  projectId: number,
  title: string,
  steps: { posId: number; owner: Person }[],
  {
    pageNote,
    pageCount = 1,
    pageImage = solidPng([10, 20, 30]),
  }: { pageNote?: string; pageCount?: number; pageImage?: Buffer } = {},
): Promise<{ chapterId: number; pageId: number; pageIds: number[] }> {
  const { founder, editor } = crew;
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title,
    page: String(pageCount),
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const pages = await apiCall(request, founder.token, contract.pages.list, {
    projectId,
    chapterId,
  });
  const pageIds = pages.list.map((page) => page.id);
  const pageId = pageIds[0] as number;
  for (const id of pageIds) {
    const drafted = await request.post(contract.pages.upload.path, {
      headers: { token: founder.token },
      multipart: {
        projectId: String(projectId),
        pageId: String(id),
        file: { name: 'page.png', mimeType: 'image/png', buffer: pageImage },
      },
    });
    if (drafted.status() !== 200) throw new Error(`storyboard upload: ${await drafted.text()}`);
  }
  await apiCall(request, founder.token, contract.chapters.submitNames, { projectId, chapterId });
  if (pageNote)
    await apiCall(request, editor.token, contract.pages.addNote, { projectId, pageId, content: pageNote });
  for (const id of pageIds)
    await apiCall(request, editor.token, contract.pages.check, { projectId, pageId: id, checkStatus: 1 });
  await apiCall(request, editor.token, contract.chapters.checkNames, {
    projectId,
    chapterId,
    checkStatus: 1,
    chapterNote: '',
  });
  await apiCall(request, founder.token, contract.workflow.savePlan, {
    projectId,
    chapterId,
    pages: pageIds.map((id) => ({
      pageId: id,
      steps: steps.map(({ posId, owner }) => ({ posId, ownerUserId: owner.id })),
    })),
  });
  return { chapterId, pageId, pageIds };
}

/** The first step of a page, started by its assignee: the id its commits and reviews name. */
export async function apiStartFirstStep(
  request: APIRequestContext,
  crew: { founder: Person; artist: Person },
  at: { projectId: number; chapterId: number; pageId: number },
): Promise<number> {
  const { projectId } = at;
  const detail = await apiCall(request, crew.founder.token, contract.workflow.page, at);
  const workflowStepId = detail.steps[0]?.step_id as number;
  await apiCall(request, crew.artist.token, contract.workflow.start, { projectId, workflowStepId });
  return workflowStepId;
}

/**
 * The crew of one page's hand-ins, made through the API: a founder with an editor in charge and an
 * artist on メイン作画 (position 2), a one-page chapter of the project `titles` name brought to
 * production with that step, and the step started by the artist, ready for a file.
 */
export async function apiArtistAtWork(
  request: APIRequestContext,
  tag: string,
  titles: { project: string; chapter: string },
) {
  const [founder, editor, artist] = await Promise.all([
    apiPerson(request, 'creator', { nickname: `作家${tag}`, welcomeClosed: true }),
    apiPerson(request, 'editor', { nickname: `編集${tag}`, welcomeClosed: true }),
    apiPerson(request, 'creator', { nickname: `作画${tag}`, welcomeClosed: true }),
  ]);
  const projectId = await apiProject(request, founder, { title: titles.project });
  await apiRecruit(request, founder, projectId, [2]);
  await apiJoin(request, founder, artist, projectId, 2);
  await apiEditorInCharge(request, founder, editor, projectId);
  const { chapterId, pageId } = await apiChapterInProduction(
    request,
    { founder, editor },
    projectId,
    titles.chapter,
    [{ posId: 2, owner: artist }],
  );
  const at = { projectId, chapterId, pageId };
  const stepId = await apiStartFirstStep(request, { founder, artist }, at);
  return { founder, editor, artist, ...at, stepId };
}

/** The rendition status of every revision of every page of a chapter, as the viewer lists them. */
export async function apiRenditionStatuses(
  request: APIRequestContext,
  token: string,
  at: { projectId: number; chapterId: number },
): Promise<string[][]> {
  const data = await apiCall(request, token, contract.workflow.viewer, at);
  return data.pages.map((page) => page.revisions.map((revision) => revision.renditions.status));
}

/** A file handed in to a step by its assignee (uploaded as a page file, then committed). */
export async function apiHandIn(
  request: APIRequestContext,
  who: Person,
  projectId: number,
  stepId: number,
  file: Buffer,
  name = 'page.png',
): Promise<void> {
  const res = await request.post(contract.uploads.upload.path, {
    headers: { token: who.token },
    multipart: { type: '11', file: { name, mimeType: 'image/png', buffer: file } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const filePath = (await res.json()).data.path as string;
  await apiCall(request, who.token, contract.workflow.commit, {
    projectId,
    workflowStepId: stepId,
    filePath,
  });
}

/** Adds a mark through the API once the revision's renditions give its size (409 until then): its id. */
export async function apiMark(
  request: APIRequestContext,
  who: Person,
  at: { projectId: number; pageId: number; revisionId: number },
  comment: string,
  /** Where and in which colour; a small box in the top-left corner, in the default colour, when left out. */
  look: { shape?: MarkShape; color?: MarkColor } = {},
): Promise<number> {
  const body = { ...at, shape: { type: 'rect', x: 2, y: 2, w: 10, h: 12 }, comment, ...look };
  let id = 0;
  await expect
    .poll(
      async () => {
        const res = await request.post(contract.marks.add.path, {
          headers: { token: who.token },
          data: body,
        });
        if (res.status() === 200) id = (await res.json()).data.id as number;
        return res.status();
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  return id;
}
