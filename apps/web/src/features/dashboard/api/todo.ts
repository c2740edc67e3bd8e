import { LIMITS } from '@koma/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface TodoSummary {
  type: number;
  type_desc: string;
  cnt: number;
}

export interface TodoItem {
  project_title: string;
  chapter_title: string;
  projectid: number;
  chapterid: number | null;
  chapter_script_at: string | null;
  chapter_check_at: string | null;
  time_left: string | null;
  project_user: { id: number; nickname: string };
}

/** POST /api/todo/getAggregate: a count per task type. */
export function useTodoAggregate(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.todo, 'aggregate'],
    queryFn: ({ signal }) =>
      api.post<{ list: TodoSummary[] }>('/api/todo/getAggregate', {}, { silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/todo/getList {type, page, pageSize 10}: the tasks of one type. */
export function useTodoList(type: number | null, page: number) {
  return useQuery({
    queryKey: [...queryKeys.todo, 'list', type, page],
    queryFn: ({ signal }) =>
      api.post<{ list: TodoItem[]; total: number }>(
        '/api/todo/getList',
        { type, page, pageSize: LIMITS.todoPageSize },
        { silent: true, signal },
      ),
    enabled: type !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
