import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@koma/shared/constants';
import { Alert, Avatar, Button, Drawer, Empty, Spin } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { TextComposer } from '../../../components/text-composer';
import { errorText } from '../../../lib/api-client';
import { avatarUrl } from '../../../lib/avatar-url';
import { formatTime } from '../../../lib/dates';
import { useEditorialThreadAdd } from '../api/editorial-thread-add';
import { useEditorialThread } from '../api/editorial-thread-list';
import './editorial-thread.css';

interface EditorialThreadDrawerProps {
  projectId: number;
  chapterId: number;
  chapterTitle: string;
  open: boolean;
  onClose: () => void;
}

/** Distance from the top (px) at which older posts load. */
const LOAD_OLDER_AT = 40;
/** Within this distance from the bottom (px), new posts keep the view at the bottom. */
const STICK_WITHIN = 80;

/**
 * 編集部とのスレッド: the chapter's private thread between the founder and the editorial side
 * (docs/notices.md, "The editorial thread"). It says first who can read it. Newest at the
 * bottom, older posts load when scrolled to the top (or with the button); the live
 * `editorial-thread` event reloads it (app/layout/use-live-events.ts).
 */
export function EditorialThreadDrawer({
  projectId,
  chapterId,
  chapterTitle,
  open,
  onClose,
}: EditorialThreadDrawerProps) {
  const { t } = useTranslation();
  const thread = useEditorialThread(projectId, chapterId, open);
  const add = useEditorialThreadAdd(projectId, chapterId);
  const drawer = useDiscardOnClose(onClose);
  const list = useRef<HTMLUListElement | null>(null);
  const stickToBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const posts = useMemo(
    () => [...(thread.data?.pages ?? [])].reverse().flatMap((p) => p.list),
    [thread.data],
  );
  const newestId = posts.at(-1)?.id ?? 0;
  const oldestId = posts[0]?.id ?? 0;

  const attachList = useCallback((el: HTMLUListElement | null) => {
    list.current = el;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest post changes
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest post changes
  useLayoutEffect(() => {
    const el = list.current;
    if (el && keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [oldestId]);

  const loadOlder = () => {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    const el = list.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void thread.fetchNextPage();
  };

  return (
    <Drawer
      open={open}
      onClose={drawer.cancel}
      title={t('chapterScript.editorialThread.title', { chapter: chapterTitle })}
      size={480}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, paddingBottom: 16 } }}
    >
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined aria-hidden="true" />}
        title={t('chapterScript.editorialThread.audience')}
      />
      {thread.hasNextPage ? (
        <Button
          onClick={loadOlder}
          loading={thread.isFetchingNextPage}
          style={{ alignSelf: 'center', minHeight: 44 }}
        >
          {t('chapterScript.editorialThread.older')}
        </Button>
      ) : null}
      <ThreadBody
        thread={thread}
        posts={posts}
        attachList={attachList}
        onScroll={(el) => {
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_WITHIN;
          if (el.scrollTop < LOAD_OLDER_AT) loadOlder();
        }}
      />
      <TextComposer
        label={t('chapterScript.editorialThread.message')}
        sendText={t('chapterScript.editorialThread.send')}
        hint={t('chapterScript.editorialThread.hint')}
        maxLength={LIMITS.editorialThreadPostMax}
        onSend={(content) => {
          stickToBottom.current = true;
          return add.mutateAsync(content);
        }}
        onDraftChange={(hasText) => (hasText ? drawer.edited() : drawer.sent())}
      />
    </Drawer>
  );
}

type Thread = ReturnType<typeof useEditorialThread>;
type Post = NonNullable<Thread['data']>['pages'][number]['list'][number];

/** The posts, or the thread's loading, error or empty state. */
function ThreadBody({
  thread,
  posts,
  attachList,
  onScroll,
}: {
  thread: Thread;
  posts: Post[];
  attachList: (el: HTMLUListElement | null) => void;
  onScroll: (el: HTMLUListElement) => void;
}) {
  const { t } = useTranslation();
  if (thread.isError && !thread.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('chapterScript.editorialThread.failed')}
        description={errorText(thread.error)}
        action={
          <Button onClick={() => void thread.refetch()} style={{ minHeight: 44 }}>
            {t('chapterScript.editorialThread.retry')}
          </Button>
        }
      />
    );
  }
  if (!thread.data) {
    return (
      <Spin description={t('common.loading')}>
        <div style={{ height: 120 }} />
      </Spin>
    );
  }
  if (!posts.length) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('chapterScript.editorialThread.empty')}
        style={{ flex: 1 }}
      />
    );
  }
  return (
    <ul
      ref={attachList}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
      tabIndex={0}
      className="koma-thread-posts"
      aria-label={t('chapterScript.editorialThread.posts')}
      onScroll={(event) => onScroll(event.currentTarget)}
    >
      {posts.map((post) => (
        <li key={post.id} className="koma-thread-post">
          <Avatar size={36} src={avatarUrl(post.pic)} icon={<UserOutlined aria-hidden="true" />} alt="" />
          <div style={{ minWidth: 0 }}>
            <div className="koma-thread-post-head">
              <strong>{post.from_nickname}</strong>
              <span className="koma-thread-post-time">{formatTime(post.create_time)}</span>
            </div>
            <div className="koma-prewrap">{post.content}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
