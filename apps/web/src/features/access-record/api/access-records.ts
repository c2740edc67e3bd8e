import type { ApiInput } from '@koma/shared/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type AccessFilter = Omit<ApiInput<'accessRecord', 'csv'>, 'projectId'>;

/** accessRecord.list: a page of the record, newest first. */
export function useAccessRecords(projectId: number, filter: AccessFilter, page: number) {
  return useQuery({
    queryKey: queryKeys.accessRecords(projectId, { ...filter, page }),
    queryFn: ({ signal }) =>
      call('accessRecord', 'list', { projectId, ...filter, page }, { silent: true, quiet: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** accessRecord.csv: the filtered record as a file the browser saves. */
export function useAccessRecordCsv(projectId: number) {
  return useMutation({
    mutationFn: async (filter: AccessFilter) => {
      const { filename, csv } = await call('accessRecord', 'csv', { projectId, ...filter });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      URL.revokeObjectURL(url);
    },
  });
}

/** accessRecord.code: whom a watermark code was served to. */
export function useWatermarkCode(projectId: number) {
  return useMutation({
    mutationFn: (code: string) => call('accessRecord', 'code', { projectId, code }),
  });
}
