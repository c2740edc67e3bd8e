import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FileRef } from './file-notes';

/** folders.addNote: comments on a file. */
export function useAddFileNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, content }: { ref: FileRef; content: string }) =>
      call('folders', 'addNote', { ...ref, content }, { silent: true }),
    onSuccess: (_data, { ref }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.fileNotes(ref.fileId) }),
  });
}
