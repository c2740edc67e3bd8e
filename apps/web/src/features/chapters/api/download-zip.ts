import { api } from '../../../lib/api-client';

/**
 * POST /api/workflow/downloadZip {projectId, chapterId, link: true} → a short-lived signed link
 * to the chapter's zip (per page, the file of its last completed step). The browser then fetches
 * the link itself: the zip is streamed to the downloads, never held in the page's memory.
 */
export async function zipDownloadUrl(projectId: number, chapterId: number): Promise<string> {
  const data = await api.post<{ downloadUrl: string }>('/api/workflow/downloadZip', {
    projectId,
    chapterId,
    link: true,
  });
  return data.downloadUrl;
}
