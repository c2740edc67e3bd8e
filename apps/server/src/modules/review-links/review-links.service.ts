import {
  type Language,
  LIMITS,
  type ReviewLinkItem,
  type ReviewLinkListData,
  type reviewLinkMakeBody,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import { newToken } from '../../lib/crypto-tokens.js';
import type { Deps } from '../../lib/deps.js';
import { hashPassword } from '../accounts/passwords.js';
import type { SessionUser } from '../accounts/sessions.service.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { viewerPagesOf } from '../workflow/chapter-viewer.service.js';
import { lockChapter } from '../workflow/workflow.repository.js';
import { linkScope, linkState } from './review-link-state.js';
import * as repo from './review-links.repository.js';

type MakeInput = z.output<typeof reviewLinkMakeBody>;
const DAY_MS = 86_400_000;

/** Where the web app opens a link: the token in the fragment, which no request carries. */
export const reviewLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/review#${token}`;

/**
 * The team's side of review links (docs/access.md, "Review links"): the founder and the editorial
 * side (the route's guard, Who.EDITORIAL) make, list and revoke a chapter's links.
 */
export function createReviewLinksService(deps: Deps) {
  const { db, config } = deps;

  /** Refuses pages or a revision this chapter does not hold (a link reaches this chapter only). */
  async function checkScope(chapterId: number, input: MakeInput, lang: Language) {
    if (input.revisionId == null && input.pageIds.length === 0) return;
    const pages = await viewerPagesOf(deps, chapterId, lang, {
      downloads: false,
      watermark: null,
      readerId: null,
    });
    const pageIds = new Set(pages.map((p) => p.id));
    if (input.pageIds.some((id) => !pageIds.has(id))) throw badInput('reviewLinkPagesInvalid');
    const revisions = new Set(pages.flatMap((p) => p.revisions.map((r) => r.id)));
    if (input.revisionId != null && !revisions.has(input.revisionId))
      throw badInput('reviewLinkRevisionInvalid');
  }

  return {
    async make(user: SessionUser, access: ProjectAccess, input: MakeInput, lang: Language) {
      await requireChapter(db, access, input.chapterId);
      await checkScope(input.chapterId, input, lang);
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const { token, hash } = newToken();
      const now = new Date();
      const id = await db.transaction(async (tx) => {
        // The chapter's row locked: two links made at once are counted one after the other.
        await lockChapter(tx, input.chapterId);
        if ((await repo.countLinks(tx, input.chapterId)) >= LIMITS.reviewLinksPerChapterMax)
          throw conflict('reviewLinksFull');
        return repo.insertLink(tx, {
          projectId: access.projectId,
          chapterId: input.chapterId,
          label: input.label,
          pageIds: input.revisionId == null ? [...new Set(input.pageIds)] : [],
          revisionId: input.revisionId ?? null,
          tokenHash: hash,
          passwordHash,
          comments: input.comments,
          downloads: input.downloads,
          maxViews: input.maxViews,
          expiresAt: new Date(now.getTime() + input.days * DAY_MS),
          createdBy: user.id,
        });
      });
      return { id, url: reviewLinkUrl(config.publicUrl, token) };
    },

    async list(access: ProjectAccess, chapterId: number, lang: Language): Promise<ReviewLinkListData> {
      await requireChapter(db, access, chapterId);
      const [rows, pages] = await Promise.all([
        repo.listLinks(db, chapterId),
        viewerPagesOf(deps, chapterId, lang, { downloads: false, watermark: null, readerId: null }),
      ]);
      const numOf = new Map(pages.map((p) => [p.id, p.num]));
      const pageOfRevision = new Map(pages.flatMap((p) => p.revisions.map((r) => [r.id, p.num] as const)));
      const now = new Date();
      return {
        list: rows.map(({ link, nickname, guests }): ReviewLinkItem => {
          const scope = linkScope(link);
          const pageNums =
            scope === 'chapter'
              ? pages.map((p) => p.num)
              : scope === 'pages'
                ? link.pageIds.flatMap((id) => numOf.get(id) ?? [])
                : [pageOfRevision.get(link.revisionId as number) ?? []].flat();
          return {
            id: link.id,
            label: link.label,
            scope,
            pageNums: pageNums.sort((a, b) => a - b),
            revisionId: link.revisionId,
            state: linkState(link, now),
            views: link.views,
            maxViews: link.maxViews,
            hasPassword: link.passwordHash !== null,
            comments: link.comments,
            downloads: link.downloads,
            expiresAt: link.expiresAt.toISOString(),
            createdAt: link.createdAt.toISOString(),
            createdBy: { id: link.createdBy, nickname },
            revokedAt: link.revokedAt?.toISOString() ?? null,
            guests: guests ?? [],
          };
        }),
      };
    },

    /** 404 for a link of another chapter, 409 for one revoked already. */
    async revoke(user: SessionUser, access: ProjectAccess, chapterId: number, linkId: number) {
      await requireChapter(db, access, chapterId);
      if (await repo.revokeLink(db, chapterId, linkId, user.id, new Date())) return;
      if (!(await repo.findLink(db, chapterId, linkId))) throw notFound();
      throw conflict('reviewLinkAlreadyClosed');
    },

    async revokeAll(user: SessionUser, access: ProjectAccess, chapterId: number) {
      await requireChapter(db, access, chapterId);
      return { revoked: await repo.revokeAllLinks(db, chapterId, user.id, new Date()) };
    },
  };
}
