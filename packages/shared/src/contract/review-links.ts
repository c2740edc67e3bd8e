import { z } from 'zod';
import { chapterRef } from '../schemas/production.js';
import {
  reviewAboutBody,
  reviewAboutData,
  reviewLinkListData,
  reviewLinkMakeBody,
  reviewLinkMakeData,
  reviewLinkRevokeAllData,
  reviewLinkRevokeBody,
  reviewOpenBody,
  reviewOpenData,
  reviewPagesData,
} from '../schemas/review-links.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/**
 * Review links for people outside the team (docs/access.md, "Review links"): the founder and the
 * editorial side make, list and revoke them; a guest opens one and reads through `review`.
 */
export const reviewLinks = endpoints(routes.reviewLinks, {
  make: {
    input: reviewLinkMakeBody,
    reply: reviewLinkMakeData,
    who: Who.EDITORIAL,
    summary: 'Make a review link to a chapter, chosen pages or one revision (founder and editorial side)',
  },
  list: {
    input: chapterRef,
    reply: reviewLinkListData,
    who: Who.EDITORIAL,
    summary: "A chapter's review links with their state and views (founder and editorial side)",
  },
  revoke: {
    input: reviewLinkRevokeBody,
    reply: z.null(),
    who: Who.EDITORIAL,
    summary: 'Revoke one review link (founder and editorial side)',
  },
  revokeAll: {
    input: chapterRef,
    reply: reviewLinkRevokeAllData,
    who: Who.EDITORIAL,
    summary: 'Revoke every open review link of a chapter (founder and editorial side)',
  },
});

/** The guest's calls: opening a link is public (rate-limited), the rest need its guest token. */
export const review = endpoints(routes.review, {
  about: {
    input: reviewAboutBody,
    reply: reviewAboutData,
    who: Who.PUBLIC,
    summary: 'Whether a review link asks for a password (anyone holding the link)',
  },
  open: {
    input: reviewOpenBody,
    reply: reviewOpenData,
    who: Who.PUBLIC,
    summary: "Open a review link with the guest's name (and its password): one view, a guest token",
  },
  pages: {
    input: null,
    reply: reviewPagesData,
    who: Who.GUEST,
    summary: "The pages a review link shows, with their renditions (the link's guest)",
  },
});
