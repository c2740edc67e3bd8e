import { api } from '../../../lib/api-client';

/** POST /api/file/downloadFile {projectId, dirId, fileId} → a short-lived signed URL. */
export async function fileDownloadUrl(projectId: number, dirId: number, fileId: number): Promise<string> {
  const data = await api.post<{ downloadUrl: string }>('/api/file/downloadFile', {
    projectId,
    dirId,
    fileId,
  });
  return data.downloadUrl;
}
