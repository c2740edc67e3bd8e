import type { ApiInput } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** What opening the link asks for; the screen shows a refusal itself. */
export function useReviewAbout(token: string) {
  return useQuery({
    queryKey: ['reviewAbout', token],
    enabled: token !== '',
    retry: false,
    queryFn: ({ signal }) => call('review', 'about', { token }, { silent: true, quiet: true, signal }),
  });
}

export const openReview = (input: ApiInput<'review', 'open'>) =>
  call('review', 'open', input, { quiet: true });

/** The link's pages, read with the guest token alone; refetched as member viewers are (links lapse). */
export function useReviewPages(guestToken: string | null, refetchMs: number) {
  return useQuery({
    queryKey: ['reviewPages', guestToken],
    enabled: guestToken !== null,
    retry: false,
    refetchInterval: refetchMs,
    queryFn: ({ signal }) =>
      call('review', 'pages', undefined, { silent: true, quiet: true, signal, guestToken: guestToken ?? '' }),
  });
}
