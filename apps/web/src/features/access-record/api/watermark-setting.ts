import type { ApiInput } from '@koma/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** accessRecord.watermark: the project's watermark setting and whether the reader may change it. */
export function useWatermarkSetting(projectId: number) {
  return useQuery({
    queryKey: queryKeys.watermark(projectId),
    queryFn: ({ signal }) =>
      call('accessRecord', 'watermark', { projectId }, { silent: true, quiet: true, signal }),
  });
}

/** accessRecord.saveWatermark: the founder or the editor in charge. */
export function useSaveWatermark(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ApiInput<'accessRecord', 'saveWatermark'>, 'projectId'>) =>
      call('accessRecord', 'saveWatermark', { projectId, ...body }, { successToast: true }),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.watermark(projectId), data);
      void client.invalidateQueries({ queryKey: queryKeys.projectEvents(projectId) });
    },
  });
}
