import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FileRef } from './file-notes';

/** POST /api/file/addFileNote {projectId, dirId, fileId, content}. */
export function useAddFileNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, content }: { ref: FileRef; content: string }) =>
      api.post<null>('/api/file/addFileNote', { ...ref, content }, { silent: true }),
    onSuccess: (_data, { ref }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.fileNotes(ref.fileId) }),
  });
}
