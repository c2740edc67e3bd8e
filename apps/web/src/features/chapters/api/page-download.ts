import { call } from '../../../lib/api-client';

/** pages.link → a short-lived signed URL of the page image. */
export async function pageDownloadUrl(projectId: number, pageId: number): Promise<string> {
  return (await call('pages', 'link', { projectId, pageId })).downloadUrl;
}
