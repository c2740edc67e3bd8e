import { type FindCartoonserBody, LIMITS, type PersonSearchData } from '@koma/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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

/** POST /api/cartoonser/findCartoonser: people of the opposite kind, 10 per page. */
export function findCartoonser(body: FindCartoonserBody, signal?: AbortSignal): Promise<PersonSearchData> {
  return api.post<PersonSearchData>('/api/cartoonser/findCartoonser', body, { silent: true, signal });
}

export function usePersonSearch(filters: PersonFilters, page: number, type: number) {
  const body: FindCartoonserBody = {
    ...filters,
    nick: filters.nick.trim(),
    page,
    pageSize: LIMITS.personSearchPageSize,
    type,
  };
  return useQuery({
    queryKey: [...queryKeys.personSearch, body],
    queryFn: ({ signal }) => findCartoonser(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
