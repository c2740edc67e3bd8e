import { LIMITS } from '@koma/shared/constants';
import type { ApiInput, ApiReply } from '@koma/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface PersonFilters {
  nick: string;
  status: 1 | 2 | 3;
  typeb: number[];
  media: number[];
  creativecap: number[];
  adscartoon: 1 | 2 | null;
}

export const DEFAULT_FILTERS: PersonFilters = {
  nick: '',
  status: 1,
  typeb: [],
  media: [],
  creativecap: [],
  adscartoon: null,
};

export type PersonResult = ApiReply<'matching', 'search'>['list'][number];

/** matching.search: people of the opposite kind, 10 per page. */
export function usePersonSearch(filters: PersonFilters, page: number, type: number) {
  const body: ApiInput<'matching', 'search'> = {
    ...filters,
    nick: filters.nick.trim(),
    page,
    pageSize: LIMITS.personSearchPageSize,
    type,
  };
  return useQuery({
    queryKey: [...queryKeys.personSearch, body],
    queryFn: ({ signal }) => call('matching', 'search', body, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
