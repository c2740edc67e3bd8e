import { call } from '../../../lib/api-client';

/** folders.link: a short-lived signed URL of the file. */
export async function fileDownloadUrl(projectId: number, dirId: number, fileId: number): Promise<string> {
  return (await call('folders', 'link', { projectId, dirId, fileId })).downloadUrl;
}
