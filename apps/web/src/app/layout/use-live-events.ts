import { LiveEvent } from '@koma/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pathOf } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { type LiveHandler, openLiveStream } from './live-stream';

/** An id of an event's JSON data (e.g. {projectId, chapterId}), or null. */
function idOf(event: Event, field: 'projectId' | 'chapterId' | 'pageId'): number | null {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return null;
  try {
    const id = Number((JSON.parse(event.data) as Record<string, unknown>)[field]);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Live updates (Server-Sent Events, opened once by the logged-in layout). Each event only says
 * "something changed": the matching queries reload, so the bell's badge and the lists follow
 * without a page reload. The stream authenticates with the token cookie and reconnects by itself
 * after a lost connection; refused, it gives way to a quiet reload every minute (live-stream.ts).
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const reload =
      (...keys: (readonly unknown[])[]) =>
      () => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      };
    /** `board` carries {projectId}: only that project's message board reloads. */
    const reloadBoard = (event: Event) => {
      const projectId = idOf(event, 'projectId');
      if (projectId) void queryClient.invalidateQueries({ queryKey: queryKeys.board(projectId) });
    };
    /** `editorial-thread` carries {projectId, chapterId}: only that chapter's thread reloads. */
    const reloadThread = (event: Event) => {
      const chapterId = idOf(event, 'chapterId');
      if (chapterId) void queryClient.invalidateQueries({ queryKey: queryKeys.editorialThread(chapterId) });
    };
    /**
     * `chapter` carries {projectId, chapterId}: that chapter's open screens (details, pages,
     * steps), the project's chapter list, and the to-do items derived from the chapter reload.
     */
    const reloadChapter = (event: Event) => {
      const chapterId = idOf(event, 'chapterId');
      const projectId = idOf(event, 'projectId');
      const keys: (readonly unknown[])[] = [queryKeys.todo, queryKeys.homePage];
      if (chapterId) keys.push(queryKeys.chapter(chapterId));
      if (projectId) keys.push(queryKeys.chapters(projectId));
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    /**
     * `marks` carries {projectId, chapterId, pageId}: the page's marks, the chapter's screens
     * (open-mark counts before approving), the step histories (marks made and resolved per
     * revision) and the to-do items of marks reload.
     */
    const reloadMarks = (event: Event) => {
      const pageId = idOf(event, 'pageId');
      const chapterId = idOf(event, 'chapterId');
      const keys: (readonly unknown[])[] = [queryKeys.todo, queryKeys.homePage, queryKeys.stepHistories];
      if (pageId) keys.push(queryKeys.pageMarks(pageId));
      if (chapterId) keys.push(queryKeys.chapter(chapterId));
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    // A notice tells of an answer (pairing, friend request): the lists it changes reload too.
    const onNotice = reload(
      queryKeys.notices,
      queryKeys.todo,
      queryKeys.friends,
      queryKeys.homePage,
      queryKeys.personSearch,
      // Applications and invitations answered: the project screens follow.
      queryKeys.projects,
      queryKeys.projectDetails,
      queryKeys.recruit,
      queryKeys.projectSearch,
      queryKeys.chapterSearch,
    );
    const handlers: [string, LiveHandler][] = [
      [LiveEvent.NOTICE, onNotice],
      [
        LiveEvent.FRIEND_REQUEST,
        reload(queryKeys.wantedFriends, queryKeys.friends, queryKeys.profileDetails),
      ],
      [LiveEvent.PAIRING, reload(queryKeys.homePage, queryKeys.personSearch)],
      [LiveEvent.BOARD, reloadBoard],
      [LiveEvent.EDITORIAL_THREAD, reloadThread],
      [LiveEvent.CHAPTER, reloadChapter],
      [LiveEvent.MARKS, reloadMarks],
    ];
    // The server ends the stream of a session it ended (account disabled, password reset) and
    // refuses the reconnection: the open screens reload, meet the 401 and go to the login screen
    // as any ended session does. Refused for too many open tabs, the lists reload quietly instead.
    return openLiveStream(pathOf('notices', 'stream'), {
      handlers,
      onRefused: () => void queryClient.invalidateQueries(),
      poll: onNotice,
    });
  }, [queryClient]);
}
