import { call } from '../../../lib/api-client';

/**
 * workflow.downloadZip with link → a short-lived signed link to the chapter's zip (per page, the
 * file of its last completed step). The browser then fetches the link itself: the zip is
 * streamed to the downloads, never held in the page's memory.
 */
export async function zipDownloadUrl(projectId: number, chapterId: number): Promise<string> {
  return (await call('workflow', 'downloadZip', { projectId, chapterId, link: true })).downloadUrl;
}
