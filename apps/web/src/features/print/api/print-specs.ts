import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Query keys of the print specification and preflight (docs/print.md). */
export const printKeys = {
  all: ['print'] as const,
  project: (projectId: number) => ['print', 'project', projectId] as const,
  chapter: (chapterId: number) => ['print', 'chapter', chapterId] as const,
  preflight: (chapterId: number) => ['print', 'preflight', chapterId] as const,
};

type SpecInput = NonNullable<ApiInput<'print', 'saveProjectSpec'>['spec']>;

export function useProjectSpec(projectId: number) {
  return useQuery({
    queryKey: printKeys.project(projectId),
    queryFn: ({ signal }) => call('print', 'projectSpec', { projectId }, { silent: true, signal }),
  });
}

export function useChapterSpec(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: printKeys.chapter(chapterId),
    queryFn: ({ signal }) => call('print', 'chapterSpec', { projectId, chapterId }, { silent: true, signal }),
  });
}

/** Saves (or, with null, removes) the project's spec, or the chapter's own when `chapterId` is given. */
export function useSaveSpec(projectId: number, chapterId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (spec: SpecInput | null): Promise<void> => {
      if (chapterId === undefined)
        await call('print', 'saveProjectSpec', { projectId, spec }, { successToast: true });
      else await call('print', 'saveChapterSpec', { projectId, chapterId, spec }, { successToast: true });
    },
    // Every chapter's preflight may follow the project's spec.
    onSettled: () => queryClient.invalidateQueries({ queryKey: printKeys.all }),
  });
}

/** The editor in charge accepts (了承) the chapter's current errors for the final audit. */
export function useAcceptErrors(projectId: number, chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('print', 'acceptErrors', { projectId, chapterId }, { successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: printKeys.preflight(chapterId) }),
  });
}

export function usePreflight(projectId: number, chapterId: number) {
  return useQuery({
    queryKey: printKeys.preflight(chapterId),
    queryFn: ({ signal }) => call('print', 'preflight', { projectId, chapterId }, { silent: true, signal }),
  });
}
