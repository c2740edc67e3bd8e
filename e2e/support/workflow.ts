import { contract } from '@koma/shared/contract';
import type { APIRequestContext } from '@playwright/test';
import { apiCall } from './api.js';
import type { Person } from './people.js';
import { solidPng } from './production.js';
import { tokyoDay, uploadCover } from './projects.js';

/**
 * A one-page chapter of `projectId` brought through the API to production: its storyboard page
 * uploaded by the founder and approved by the editor in charge (after writing `pageNote` on it, if
 * given), then the work flow saved with `steps` (position and assignee, in order).
 */
export async function apiChapterInProduction(
  request: APIRequestContext,
  crew: { founder: Person; editor: Person },
  projectId: number,
  title: string,
  steps: { posId: number; owner: Person }[],
  { pageNote }: { pageNote?: string } = {},
): Promise<{ chapterId: number; pageId: number }> {
  const { founder, editor } = crew;
  const { chapterId } = await apiCall(request, founder.token, contract.chapters.add, {
    projectId,
    title,
    page: '1',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const pages = await apiCall(request, founder.token, contract.pages.list, {
    projectId,
    chapterId,
  });
  const pageId = pages.list[0]?.id as number;
  const drafted = await request.post(contract.pages.upload.path, {
    headers: { token: founder.token },
    multipart: {
      projectId: String(projectId),
      pageId: String(pageId),
      file: { name: 'page.png', mimeType: 'image/png', buffer: solidPng([10, 20, 30]) },
    },
  });
  if (drafted.status() !== 200) throw new Error(`storyboard upload: ${await drafted.text()}`);
  await apiCall(request, founder.token, contract.chapters.submitNames, { projectId, chapterId });
  if (pageNote)
    await apiCall(request, editor.token, contract.pages.addNote, { projectId, pageId, content: pageNote });
  await apiCall(request, editor.token, contract.pages.check, { projectId, pageId, checkStatus: 1 });
  await apiCall(request, editor.token, contract.chapters.checkNames, {
    projectId,
    chapterId,
    checkStatus: 1,
    chapterNote: '',
  });
  await apiCall(request, founder.token, contract.workflow.savePlan, {
    projectId,
    chapterId,
    pages: [{ pageId, steps: steps.map(({ posId, owner }) => ({ posId, ownerUserId: owner.id })) }],
  });
  return { chapterId, pageId };
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

/** The rendition status of every revision of every page of a chapter, as the viewer lists them. */
export async function apiRenditionStatuses(
  request: APIRequestContext,
  token: string,
  at: { projectId: number; chapterId: number },
): Promise<string[][]> {
  const data = await apiCall(request, token, contract.workflow.viewer, at);
  return data.pages.map((page) => page.revisions.map((revision) => revision.renditions.status));
}
