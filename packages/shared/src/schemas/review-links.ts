import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';
import { chapterRef } from './production.js';
import { readingDirection, viewerPage } from './renditions.js';
import { singleLineText } from './single-line.js';

// --- review links for people outside the team (docs/access.md, "Review links") --------------

export const REVIEW_LINK_STATES = ['active', 'expired', 'revoked', 'usedUp'] as const;
export type ReviewLinkState = (typeof REVIEW_LINK_STATES)[number];
export const REVIEW_LINK_SCOPES = ['chapter', 'pages', 'revision'] as const;
export type ReviewLinkScope = (typeof REVIEW_LINK_SCOPES)[number];

/**
 * POST /api/reviewLink/make: a link to the whole chapter, to chosen pages (`pageIds`) or to one
 * revision (`revisionId`, the upload id the viewer names it by; it wins over `pageIds`).
 */
export const reviewLinkMakeBody = chapterRef.extend({
  label: singleLineText(LIMITS.reviewLinkLabelMax, { tooLong: 'reviewLinkLabelTooLong' }).default(''),
  pageIds: z
    .array(rowId('reviewLinkPagesInvalid'))
    .max(LIMITS.reviewLinkPagesMax, { error: 'reviewLinkPagesInvalid' })
    .default([]),
  revisionId: rowId('reviewLinkRevisionInvalid').nullish(),
  days: z
    .number({ error: 'reviewLinkDaysInvalid' })
    .int({ error: 'reviewLinkDaysInvalid' })
    .min(1, { error: 'reviewLinkDaysInvalid' })
    .max(LIMITS.reviewLinkDaysMax, { error: 'reviewLinkDaysInvalid' })
    .default(LIMITS.reviewLinkDaysDefault),
  /** '' for none; otherwise hashed like an account's password and never shown again. */
  password: z
    .string()
    .max(LIMITS.reviewLinkPasswordMax, { error: 'reviewLinkPasswordTooLong' })
    .refine((p) => p === '' || p.length >= LIMITS.reviewLinkPasswordMin, {
      error: 'reviewLinkPasswordTooShort',
    })
    .default(''),
  /** The guest may draw red-pen marks and reply to marks. */
  comments: z.boolean().default(false),
  /** The guest may download the originals: off unless asked for. */
  downloads: z.boolean().default(false),
  maxViews: z
    .number({ error: 'reviewLinkViewsInvalid' })
    .int({ error: 'reviewLinkViewsInvalid' })
    .min(1, { error: 'reviewLinkViewsInvalid' })
    .max(LIMITS.reviewLinkViewsMax, { error: 'reviewLinkViewsInvalid' })
    .default(LIMITS.reviewLinkViewsDefault),
});
export type ReviewLinkMakeBody = z.input<typeof reviewLinkMakeBody>;

/**
 * The link, shown once: only its hash is stored. The token goes in the address's fragment, which
 * the browser never sends, so no log or Referer carries it.
 */
export const reviewLinkMakeData = z.object({ id: z.number(), url: z.string() });

const person = z.object({ id: z.number(), nickname: z.string() });

export const reviewLinkItem = z.object({
  id: z.number(),
  label: z.string(),
  scope: z.enum(REVIEW_LINK_SCOPES),
  /** The pages it shows, by number: every page for a chapter link. */
  pageNums: z.array(z.number()),
  /** The revision's upload id for a revision link. */
  revisionId: z.number().nullable(),
  state: z.enum(REVIEW_LINK_STATES),
  views: z.number(),
  maxViews: z.number(),
  hasPassword: z.boolean(),
  comments: z.boolean(),
  downloads: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: person,
  revokedAt: z.string().nullable(),
  /** The names the guests gave, oldest first. */
  guests: z.array(z.string()),
});
export type ReviewLinkItem = z.infer<typeof reviewLinkItem>;
export const reviewLinkListData = z.object({ list: z.array(reviewLinkItem) });
export type ReviewLinkListData = z.infer<typeof reviewLinkListData>;

export const reviewLinkRevokeBody = chapterRef.extend({ linkId: rowId() });
export const reviewLinkRevokeAllData = z.object({ revoked: z.number() });

// --- the guest's side --------------------------------------------------------------------------

const linkToken = z
  .string({ error: 'notFound' })
  .min(1, { error: 'notFound' })
  .max(100, { error: 'notFound' });

/** POST /api/review/about: what opening the link will ask for, before anything is shown. */
export const reviewAboutBody = z.object({ token: linkToken });
export const reviewAboutData = z.object({ needsPassword: z.boolean(), comments: z.boolean() });

/** POST /api/review/open: the guest's name (and the password), counted as one view. */
export const reviewOpenBody = z.object({
  token: linkToken,
  name: singleLineText(LIMITS.reviewGuestNameMax, {
    required: 'reviewGuestNameRequired',
    tooLong: 'reviewGuestNameTooLong',
  }),
  password: z.string().max(LIMITS.reviewLinkPasswordMax, { error: 'reviewPasswordWrong' }).default(''),
});
export type ReviewOpenBody = z.input<typeof reviewOpenBody>;
/** The guest token, sent back in the GUEST_HEADER of every guest call; it lives as long as the link. */
export const reviewOpenData = z.object({ guestToken: z.string(), name: z.string(), expiresAt: z.string() });

/** POST /api/review/pages: what the link shows, in the page viewer's shape. */
export const reviewPagesData = z.object({
  projectTitle: z.string(),
  chapterTitle: z.string(),
  direction: readingDirection,
  guestName: z.string(),
  comments: z.boolean(),
  downloads: z.boolean(),
  expiresAt: z.string(),
  /** Without downloads every revision's `downloadUrl` is ''. */
  pages: z.array(viewerPage),
});
export type ReviewPagesData = z.infer<typeof reviewPagesData>;
