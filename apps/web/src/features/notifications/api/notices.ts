import { LIMITS, type NoticeListData } from '@koma/shared';
import { api } from '../../../lib/api-client';

/** POST /api/notice/getList: the newest notices and the unread count (badge of the bell). */
export function fetchNotices(signal?: AbortSignal): Promise<NoticeListData> {
  return api.post<NoticeListData>(
    '/api/notice/getList',
    { page: 1, pageSize: LIMITS.noticePageSize },
    { silent: true, signal },
  );
}

/** POST /api/notice/read: every notice read (when the panel opens). */
export function markNoticesRead(): Promise<null> {
  return api.post<null>('/api/notice/read', {}, { silent: true, quiet: true });
}
