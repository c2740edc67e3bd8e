import type { ApiInput, ApiReply } from '@koma/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callReply } from '../../../lib/api-client';

export type ReviewLinksReply = ApiReply<'reviewLinks', 'list'>;
export type ReviewLinkEntry = ReviewLinksReply['list'][number];

const linksKey = (chapterId: number) => ['reviewLinks', chapterId] as const;

/** A chapter's review links with their state (founder and editorial side). */
export function useReviewLinks(projectId: number, chapterId: number, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(chapterId),
    enabled,
    queryFn: ({ signal }) => call('reviewLinks', 'list', { projectId, chapterId }, { silent: true, signal }),
  });
}

/** The chapter's pages by number, to choose from (the storyboard's list holds every page). */
export function useChapterPages(projectId: number, chapterId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['reviewLinkPages', chapterId],
    enabled,
    queryFn: ({ signal }) => call('pages', 'list', { projectId, chapterId }, { silent: true, signal }),
  });
}

export function useMakeReviewLink(chapterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'reviewLinks', 'make'>) =>
      callReply('reviewLinks', 'make', input, { successToast: true }),
    onSettled: () => client.invalidateQueries({ queryKey: linksKey(chapterId) }),
  });
}

export function useRevokeReviewLink(projectId: number, chapterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) =>
      callReply('reviewLinks', 'revoke', { projectId, chapterId, linkId }, { successToast: true }),
    onSettled: () => client.invalidateQueries({ queryKey: linksKey(chapterId) }),
  });
}

export function useRevokeAllReviewLinks(projectId: number, chapterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callReply('reviewLinks', 'revokeAll', { projectId, chapterId }, { successToast: true }),
    onSettled: () => client.invalidateQueries({ queryKey: linksKey(chapterId) }),
  });
}
