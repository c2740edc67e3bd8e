import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { takeEarlySession } from './early-session';
import { queryClient } from './query-client';
import { getToken, removeToken } from './token';

/** The logged-in user's info (profiles.me), shared by the guard, layout and pages. */
export const sessionKey = ['session'] as const;

/**
 * The first load is quiet: the route guard reports its failure itself. A reload
 * of info already shown (e.g. after a language change) reports like any call, so a session that
 * ended meanwhile opens the logged-out dialog.
 */
export function fetchSession(signal?: AbortSignal) {
  const loaded = queryClient.getQueryData(sessionKey) !== undefined;
  return call('profiles', 'me', undefined, { silent: true, quiet: !loaded, signal });
}

const sessionQuery = {
  queryKey: sessionKey,
  // The reply requested at start-up (main.tsx) if there is one, else a request of its own.
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    takeEarlySession()?.catch(() => fetchSession(signal)) ?? fetchSession(signal),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useSessionQuery() {
  return useQuery({ ...sessionQuery, enabled: Boolean(getToken()) });
}

/**
 * Starts loading the user's info before the guard renders (app/router.tsx calls it as soon as the
 * guard's code is there, while the layout and the page are still downloading); the guard's query
 * then picks up the request in flight instead of starting its own afterwards.
 */
export function prefetchSession(): void {
  if (getToken()) void queryClient.prefetchQuery(sessionQuery);
}

/** The user of a guarded screen: the guard renders it only once the info is loaded. */
export function useCurrentUser(): ApiReply<'profiles', 'me'> {
  const { data } = useSessionQuery();
  if (!data) throw new Error('useCurrentUser used outside the route guard');
  return data;
}

/** accounts.logout, then forget the token. The caller leaves the screen and clears the cache. */
export async function endSession(): Promise<void> {
  try {
    await call('accounts', 'logout', undefined, { quiet: true });
  } catch {
    // The session ends locally whatever the server answers.
  } finally {
    removeToken();
  }
}

/** Forgets every cached reply (after leaving the logged-in screens). */
export function clearCache(): void {
  queryClient.clear();
}
