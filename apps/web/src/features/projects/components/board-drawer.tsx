import { UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@koma/shared/constants';
import { Avatar, Button, Drawer, Empty, Spin } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { TextComposer } from '../../../components/text-composer';
import { avatarUrl } from '../../../lib/avatar-url';
import { formatTime } from '../../../lib/dates';
import { useBoardAdd } from '../api/board-add';
import { useBoardPosts } from '../api/board-list';

interface BoardDrawerProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

/** Distance from the top (px) at which older posts load. */
const LOAD_OLDER_AT = 40;
/** Within this distance from the bottom (px), new posts keep the view at the bottom. */
const STICK_WITHIN = 80;

/**
 * 伝言板: posts with picture, nickname, time and text, newest at the bottom;
 * older ones load when scrolled to the top (or with the button). Live: the `board` event
 * reloads the list (app/layout/use-live-events.ts).
 */
export function BoardDrawer({ projectId, open, onClose }: BoardDrawerProps) {
  const { t } = useTranslation();
  const board = useBoardPosts(projectId, open);
  const add = useBoardAdd(projectId);
  const drawer = useDiscardOnClose(onClose);
  const list = useRef<HTMLUListElement | null>(null);
  /** Whether the newest post is in view: new posts then scroll into view. */
  const stickToBottom = useRef(true);
  /** Distance from the bottom kept while older posts are added above. */
  const keepFromBottom = useRef<number | null>(null);
  const posts = useMemo(() => [...(board.data?.pages ?? [])].reverse().flatMap((p) => p.list), [board.data]);
  const newestId = posts.at(-1)?.id ?? 0;
  const oldestId = posts[0]?.id ?? 0;

  // The list opens at the newest post.
  const attachList = useCallback((el: HTMLUListElement | null) => {
    list.current = el;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // New posts: shown when the reader is at the bottom (or just posted).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest post changes
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  // Older posts added above: the posts in view stay where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest post changes
  useLayoutEffect(() => {
    const el = list.current;
    if (el && keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [oldestId]);

  const loadOlder = () => {
    if (!board.hasNextPage || board.isFetchingNextPage) return;
    const el = list.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void board.fetchNextPage();
  };

  return (
    <Drawer
      open={open}
      onClose={drawer.cancel}
      title={t('project.board.title')}
      size={480}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, paddingBottom: 16 } }}
    >
      {board.hasNextPage ? (
        <Button
          size="small"
          onClick={loadOlder}
          loading={board.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('project.board.older')}
        </Button>
      ) : null}
      {board.data ? (
        posts.length ? (
          <ul
            ref={attachList}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
            tabIndex={0}
            className="koma-board-posts"
            aria-label={t('project.board.posts')}
            onScroll={(event) => {
              const el = event.currentTarget;
              stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_WITHIN;
              if (el.scrollTop < LOAD_OLDER_AT) loadOlder();
            }}
          >
            {posts.map((post) => (
              <li key={post.id} className="koma-board-post">
                <Avatar
                  size={36}
                  src={avatarUrl(post.pic)}
                  icon={<UserOutlined aria-hidden="true" />}
                  alt=""
                />
                <div style={{ minWidth: 0 }}>
                  <div className="koma-board-post-head">
                    <strong>{post.from_nickname}</strong>
                    <span className="koma-board-post-time">{formatTime(post.create_time)}</span>
                  </div>
                  <div className="koma-prewrap">{post.content}</div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('project.board.empty')}
            style={{ flex: 1 }}
          />
        )
      ) : (
        <Spin description={t('common.loading')}>
          <div style={{ height: 120 }} />
        </Spin>
      )}
      <TextComposer
        label={t('project.board.message')}
        sendText={t('project.board.send')}
        hint={t('project.board.hint')}
        maxLength={LIMITS.boardPostMax}
        onSend={(content) => {
          stickToBottom.current = true;
          return add.mutateAsync(content);
        }}
        onDraftChange={(hasText) => (hasText ? drawer.edited() : drawer.sent())}
      />
    </Drawer>
  );
}
