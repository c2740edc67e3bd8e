import { LIMITS } from '@koma/shared/constants';
import { call } from '../../../lib/api-client';

/** notices.list: the newest notices and the unread count (badge of the bell). */
export function fetchNotices(signal?: AbortSignal) {
  return call('notices', 'list', { page: 1, pageSize: LIMITS.noticePageSize }, { silent: true, signal });
}

/** notices.read: every notice read (when the panel opens). */
export function markNoticesRead() {
  return call('notices', 'read', undefined, { silent: true, quiet: true });
}
