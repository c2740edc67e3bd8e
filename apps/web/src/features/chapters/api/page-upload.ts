import type { ApiReply } from '@koma/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callUpload } from '../../../lib/api-client';
import { invalidateChapter } from './script-invalidate';

/**
 * pages.upload, multipart: projectId, pageId, then file (a page file renditions read ≤ 100 MiB; the server reads the
 * fields before the file). Quiet: the upload button shows failures (注意). Answers the page
 * (status 3 after the first upload, 6 after a re-upload).
 */
export function usePageUpload(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (
      pageId: number,
      file: File,
      onProgress: (percent: number) => void,
    ): Promise<ApiReply<'pages', 'upload'>> => {
      const form = new FormData();
      form.append('projectId', String(projectId));
      form.append('pageId', String(pageId));
      form.append('file', file);
      try {
        return await callUpload('pages', 'upload', form, undefined, { quiet: true, onProgress });
      } finally {
        await invalidateChapter(queryClient, projectId, chapterId);
      }
    },
    [projectId, chapterId, queryClient],
  );
}
