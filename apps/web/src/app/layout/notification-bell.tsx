import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FriendReply,
  type FriendRequest,
  fetchFriendRequests,
  fetchNotices,
  markNoticesRead,
} from '../../features/notifications';
import { queryKeys } from '../../lib/query-keys';
import './notification-bell.css';

// The panel, the reply dialog and the profile popup load on first use: the layout stays light.
const NotificationPanel = lazy(() => import('../../features/notifications/components/notification-panel'));
const FriendReplyDialog = lazy(() => import('../../features/notifications/components/friend-reply-dialog'));
const ProfilePopup = lazy(() =>
  import('../../components/profile-popup/profile-popup').then((m) => ({ default: m.ProfilePopup })),
);

/**
 * The bell: badge = unread notices + pending friend requests. Opening marks the
 * notices read; closing reloads them. The live event stream keeps both counts current.
 * The popover sits at the end of the page: opening moves focus into it, Escape brings focus back
 * to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [reply, setReply] = useState<FriendReply | null>(null);
  const [profileUid, setProfileUid] = useState<number | null>(null);
  const [used, setUsed] = useState({ reply: false, profile: false });
  const notices = useQuery({ queryKey: queryKeys.notices, queryFn: ({ signal }) => fetchNotices(signal) });
  const requests = useQuery({
    queryKey: queryKeys.wantedFriends,
    queryFn: ({ signal }) => fetchFriendRequests(signal),
  });
  const unread = (notices.data?.unread ?? 0) + (requests.data?.list.length ?? 0);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      void markNoticesRead().catch(() => undefined);
    } else {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notices });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wantedFriends });
    }
  };

  useEffect(() => {
    if (!open) return;
    // The popover is placed after it mounts: focus without scrolling to where it first appears.
    const frame = requestAnimationFrame(() => panelRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onOpenChange(false);
    bellRef.current?.focus();
  };

  // A dialog opened from the panel replaces it (the panel would sit above the dialog).
  const onReply = (request: FriendRequest, state: 1 | 2) => {
    onOpenChange(false);
    setUsed((u) => ({ ...u, reply: true }));
    setReply({ request, state });
  };
  const onShowProfile = (uid: number) => {
    onOpenChange(false);
    setUsed((u) => ({ ...u, profile: true }));
    setProfileUid(uid);
  };

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        // On a phone the popover spans the screen less a margin (notification-bell.css): placed under
        // the bell it began 82 px past the left edge (issue 30).
        classNames={{ root: 'koma-bell-popover' }}
        open={open}
        onOpenChange={onOpenChange}
        title={t('layout.notifications')}
        content={
          <div
            ref={panelRef}
            role="dialog"
            aria-label={t('layout.notifications')}
            tabIndex={-1}
            onKeyDown={onPanelKeyDown}
          >
            <Suspense fallback={<div style={{ width: 320, padding: 16 }}>{t('common.loading')}</div>}>
              <NotificationPanel
                notices={notices.data}
                requests={requests.data?.list}
                onShowProfile={onShowProfile}
                onNavigate={() => onOpenChange(false)}
                onReply={onReply}
              />
            </Suspense>
          </div>
        }
      >
        <Button
          ref={bellRef}
          type="text"
          shape="circle"
          aria-label={t('layout.notificationsWithCount', { count: unread })}
          aria-expanded={open}
          icon={
            <Badge count={unread} size="small">
              <BellOutlined aria-hidden="true" style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
      <Suspense fallback={null}>
        {used.reply ? <FriendReplyDialog reply={reply} onClose={() => setReply(null)} /> : null}
        {used.profile ? <ProfilePopup uid={profileUid} onClose={() => setProfileUid(null)} /> : null}
      </Suspense>
    </>
  );
}
