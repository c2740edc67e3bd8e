import { LiveEvent } from '@koma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';

const STREAM_URL = '/api/notice/stream';

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
    const handlers: [string, () => void][] = [
      // A notice tells of an answer (pairing, friend request): the lists it changes reload too.
      [
        LiveEvent.NOTICE,
        reload(
          queryKeys.notices,
          queryKeys.todo,
          queryKeys.friends,
          queryKeys.homePage,
          queryKeys.personSearch,
        ),
      ],
      [
        LiveEvent.FRIEND_REQUEST,
        reload(queryKeys.wantedFriends, queryKeys.friends, queryKeys.profileDetails),
      ],
      [LiveEvent.PAIRING, reload(queryKeys.homePage, queryKeys.personSearch)],
    ];
    for (const [event, handler] of handlers) source.addEventListener(event, handler);
    return () => {
      for (const [event, handler] of handlers) source.removeEventListener(event, handler);
      source.close();
    };
  }, [queryClient]);
}
