// What the app shell and other features may use of notifications (features/feature-boundaries.test.ts).
export { type FriendRequest, fetchFriendRequests } from './api/friend-requests';
export { fetchNotices, markNoticesRead } from './api/notices';
export type { FriendReply } from './components/friend-reply-dialog';
