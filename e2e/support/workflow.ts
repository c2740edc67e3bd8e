import type { APIRequestContext } from '@playwright/test';
import type { Person } from './people.js';
import { solidPng } from './production.js';
import { apiPost, tokyoDay, uploadCover } from './projects.js';

/**
 * A one-page chapter of `projectId` brought through the API to production: its storyboard page
 * uploaded by the founder and approved by the editor in charge, then the work flow saved with
 * `steps` (position and assignee, in order).
 */
export async function apiChapterInProduction(
  request: APIRequestContext,
  crew: { founder: Person; editor: Person },
  projectId: number,
  title: string,
  steps: { posId: number; owner: Person }[],
): Promise<{ chapterId: number; pageId: number }> {
  const { founder, editor } = crew;
  const { chapterId } = await apiPost<{ chapterId: number }>(request, founder.token, '/api/chapter/add', {
    projectId,
    title,
    page: '1',
    icon: await uploadCover(request, founder.token),
    scriptAt: tokyoDay(7),
    checkAt: tokyoDay(30),
  });
  const pages = await apiPost<{ list: { id: number }[] }>(request, founder.token, '/api/page/getList', {
    projectId,
    chapterId,
  });
  const pageId = pages.list[0]?.id as number;
  const drafted = await request.post('/api/page/uploadFile', {
    headers: { token: founder.token },
    multipart: {
      projectId: String(projectId),
      pageId: String(pageId),
      file: { name: 'page.png', mimeType: 'image/png', buffer: solidPng([10, 20, 30]) },
    },
  });
  if (drafted.status() !== 200) throw new Error(`storyboard upload: ${await drafted.text()}`);
  await apiPost(request, founder.token, '/api/chapter/commitPages', { projectId, chapterId });
  await apiPost(request, editor.token, '/api/page/editorCheck', { projectId, pageId, checkStatus: 1 });
  await apiPost(request, editor.token, '/api/chapter/editorCheckChapter', {
    projectId,
    chapterId,
    checkStatus: 1,
    chapterNote: '',
  });
  await apiPost(request, founder.token, '/api/workflow/savePositionMembers', {
    projectId,
    chapterId,
    pages: [{ pageId, steps: steps.map(({ posId, owner }) => ({ posId, ownerUserId: owner.id })) }],
  });
  return { chapterId, pageId };
}
