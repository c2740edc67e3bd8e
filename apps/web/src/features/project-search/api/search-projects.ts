import { LIMITS } from '@koma/shared/constants';
import type { ChapterSearchItem, ProjectSearchItem } from '@koma/shared/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SearchFilters {
  keywords: string;
  typeb: number[];
  creativecap: number[];
  join_status: 1 | 2 | 21 | 22 | null;
  kind: 1 | 2 | null;
  is_match: boolean;
}

export const DEFAULT_FILTERS: SearchFilters = {
  keywords: '',
  typeb: [],
  creativecap: [],
  join_status: null,
  kind: null,
  is_match: false,
};

/** A project search result, or a case search result with its chapter (title, pages, deadlines). */
export type SearchItem = ProjectSearchItem | ChapterSearchItem;

/** The chapter of a case search result; undefined for a project. */
export function chapterOf(item: SearchItem): ChapterSearchItem | undefined {
  return 'chapter_title' in item ? item : undefined;
}

export interface SearchData {
  list: SearchItem[];
  total: number;
}

export type SearchMode = 'project' | 'chapter';

/** projects.search (or chapters.search for 案件, same input), 10 per page. */
async function searchRecruiting(
  mode: SearchMode,
  input: SearchFilters & { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<SearchData> {
  const opts = { silent: true, signal };
  return mode === 'chapter'
    ? call('chapters', 'search', input, opts)
    : call('projects', 'search', input, opts);
}

export function useRecruitingSearch(mode: SearchMode, filters: SearchFilters, page: number) {
  const body = {
    ...filters,
    keywords: filters.keywords.trim(),
    page,
    pageSize: LIMITS.projectSearchPageSize,
  };
  return useQuery({
    queryKey: [...(mode === 'chapter' ? queryKeys.chapterSearch : queryKeys.projectSearch), body],
    queryFn: ({ signal }) => searchRecruiting(mode, body, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
