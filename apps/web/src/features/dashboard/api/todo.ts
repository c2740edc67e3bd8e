import { LIMITS } from '@koma/shared/constants';
import type { ApiReply } from '@koma/shared/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type TodoSummary = ApiReply<'dashboard', 'todoCounts'>['list'][number];
export type TodoItem = ApiReply<'dashboard', 'todoList'>['list'][number];

/** dashboard.todoCounts: a count per task type. */
export function useTodoAggregate(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.todo, 'aggregate'],
    queryFn: ({ signal }) => call('dashboard', 'todoCounts', undefined, { silent: true, signal }),
    enabled,
    staleTime: 0,
  });
}

/** dashboard.todoList {type, page, pageSize 10}: the tasks of one type. */
export function useTodoList(type: number | null, page: number) {
  return useQuery({
    queryKey: [...queryKeys.todo, 'list', type, page],
    // No type chosen yet: nothing to ask.
    queryFn:
      type === null
        ? skipToken
        : ({ signal }) =>
            call(
              'dashboard',
              'todoList',
              { type, page, pageSize: LIMITS.todoPageSize },
              { silent: true, signal },
            ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
