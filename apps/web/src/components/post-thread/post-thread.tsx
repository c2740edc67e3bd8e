import { Alert, Button, Empty, Spin } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-client';
import { TextComposer } from '../text-composer';
import { PostItem } from './post-item';

export interface ThreadPost {
  id: number;
  pic: string | null;
  from_nickname: string;
  create_time: string;
  content: string;
}

/** What the thread reads of an infinite query of pages of posts, newest page first. */
export interface PostPages {
  data?: { pages: { list: ThreadPost[] }[] };
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** The thread's words, already translated. */
export interface PostThreadWords {
  posts: string;
  older: string;
  empty: string;
  failed: string;
  retry: string;
  message: string;
  send: string;
  hint: string;
}

interface PostThreadProps {
  query: PostPages;
  words: PostThreadWords;
  maxLength: number;
  onSend: (content: string) => Promise<unknown>;
  onDraftChange: (hasText: boolean) => void;
}

/** Distance from the top (px) at which older posts load. */
const LOAD_OLDER_AT = 40;
/** Within this distance from the bottom (px), new posts keep the view at the bottom. */
const STICK_WITHIN = 80;

/**
 * A conversation read bottom up, as the board and the editorial thread are: it opens at the
 * newest post, a new post scrolls into view when the reader is at the bottom (or just wrote it),
 * and older posts load when scrolled to the top (or with the button) without moving those in view.
 */
export function PostThread({ query, words, maxLength, onSend, onDraftChange }: PostThreadProps) {
  const list = useRef<HTMLUListElement | null>(null);
  const stickToBottom = useRef(true);
  /** Distance from the bottom kept while older posts are added above. */
  const keepFromBottom = useRef<number | null>(null);
  const posts = useMemo(() => [...(query.data?.pages ?? [])].reverse().flatMap((p) => p.list), [query.data]);
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
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    const el = list.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void query.fetchNextPage();
  };

  return (
    <>
      {query.hasNextPage ? (
        <Button
          onClick={loadOlder}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'center', minHeight: 44 }}
        >
          {words.older}
        </Button>
      ) : null}
      <ThreadBody
        query={query}
        words={words}
        posts={posts}
        attachList={attachList}
        onScroll={(el) => {
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_WITHIN;
          if (el.scrollTop < LOAD_OLDER_AT) loadOlder();
        }}
      />
      <TextComposer
        label={words.message}
        sendText={words.send}
        hint={words.hint}
        maxLength={maxLength}
        onSend={(content) => {
          stickToBottom.current = true;
          return onSend(content);
        }}
        onDraftChange={onDraftChange}
      />
    </>
  );
}

/** The posts, or the thread's loading, error or empty state. */
function ThreadBody({
  query,
  words,
  posts,
  attachList,
  onScroll,
}: {
  query: PostPages;
  words: PostThreadWords;
  posts: ThreadPost[];
  attachList: (el: HTMLUListElement | null) => void;
  onScroll: (el: HTMLUListElement) => void;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={words.failed}
        description={errorText(query.error)}
        action={
          <Button onClick={() => void query.refetch()} style={{ minHeight: 44 }}>
            {words.retry}
          </Button>
        }
      />
    );
  }
  if (!query.data) {
    return (
      <Spin description={t('common.loading')}>
        <div style={{ height: 120 }} />
      </Spin>
    );
  }
  if (!posts.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={words.empty} style={{ flex: 1 }} />;
  }
  return (
    <ul
      ref={attachList}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
      tabIndex={0}
      className="koma-post-list"
      aria-label={words.posts}
      onScroll={(event) => onScroll(event.currentTarget)}
    >
      {posts.map((post) => (
        <PostItem
          key={post.id}
          pic={post.pic}
          nickname={post.from_nickname}
          time={post.create_time}
          content={post.content}
        />
      ))}
    </ul>
  );
}
