import { LIMITS } from '@koma/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
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

export interface SearchItem {
  project_id: number;
  project_title: string;
  project_icon: string;
  nick: string;
  kind: number;
  /** 0–1, shown as ceil(similar × 100)%. */
  similar: number;
  join_status: number;
  recruit_pos: { posid: number; position: string }[];
  chapter_id: number | null;
}

export interface SearchData {
  list: SearchItem[];
  total: number;
}

export type SearchMode = 'project' | 'chapter';

const PATHS: Record<SearchMode, string> = {
  project: '/api/project/search',
  chapter: '/api/chapter/search',
};

/**
 * POST /api/project/search (or /api/chapter/search for 案件, same body), 10 per page. Chapter
 * search comes with the chapters feature: until it exists (404) the result is empty.
 */
export async function searchRecruiting(
  mode: SearchMode,
  body: SearchFilters & { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<SearchData> {
  try {
    const data = await api.post<SearchData | null>(PATHS[mode], body, {
      silent: true,
      quiet: mode === 'chapter',
      signal,
    });
    return { list: data?.list ?? [], total: data?.total ?? 0 };
  } catch (error) {
    if (
      mode === 'chapter' &&
      error instanceof ApiError &&
      (error.httpStatus === 404 || error.status === 404)
    ) {
      return { list: [], total: 0 };
    }
    throw error;
  }
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
