import { LiveEvent } from '@koma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';

const STREAM_URL = '/api/notice/stream';

/** An id of an event's JSON data (e.g. {projectId, chapterId}), or null. */
function idOf(event: Event, field: 'projectId' | 'chapterId'): number | null {
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
 * without a page reload. The stream authenticates with the token cookie and reconnects by itself.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(STREAM_URL);
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
    const handlers: [string, (event: Event) => void][] = [
      // A notice tells of an answer (pairing, friend request): the lists it changes reload too.
      [
        LiveEvent.NOTICE,
        reload(
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
        ),
      ],
      [
        LiveEvent.FRIEND_REQUEST,
        reload(queryKeys.wantedFriends, queryKeys.friends, queryKeys.profileDetails),
      ],
      [LiveEvent.PAIRING, reload(queryKeys.homePage, queryKeys.personSearch)],
      [LiveEvent.BOARD, reloadBoard],
      [LiveEvent.CHAPTER, reloadChapter],
    ];
    for (const [event, handler] of handlers) source.addEventListener(event, handler);
    // The server ends the stream of a session it ended (account disabled, password reset) and
    // refuses the reconnection: the browser gives up for good. The open screens then reload,
    // meet the 401 and go to the login screen as any ended session does.
    const onError = () => {
      if (source.readyState === EventSource.CLOSED) void queryClient.invalidateQueries();
    };
    source.addEventListener('error', onError);
    return () => {
      source.removeEventListener('error', onError);
      for (const [event, handler] of handlers) source.removeEventListener(event, handler);
      source.close();
    };
  }, [queryClient]);
}
