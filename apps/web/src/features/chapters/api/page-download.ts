import { api } from '../../../lib/api-client';

/** POST /api/page/downloadFile {projectId, pageId} → a short-lived signed URL of the page image. */
export async function pageDownloadUrl(projectId: number, pageId: number): Promise<string> {
  const data = await api.post<{ downloadUrl: string }>('/api/page/downloadFile', { projectId, pageId });
  return data.downloadUrl;
}
