import { z } from 'zod';
import {
  chapterAddBody,
  chapterAddData,
  chapterListBody,
  chapterListData,
  chapterSearchBody,
  chapterSearchData,
} from '../schemas/chapters.js';
import { approveAllPagesBody, approveAllPagesData } from '../schemas/name-review.js';
import {
  chapterCheckBody,
  chapterDetailsData,
  chapterRef,
  chapterUpdateBody,
} from '../schemas/production.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** A project's chapters, their information and the storyboard's submission and review. */
export const chapters = endpoints(routes.chapters, {
  list: {
    input: chapterListBody,
    reply: chapterListData,
    who: Who.MEMBER,
    summary: 'Chapters of a project (members)',
  },
  add: {
    input: chapterAddBody,
    reply: chapterAddData,
    who: Who.FOUNDER,
    summary: 'Add a chapter (founder)',
  },
  search: {
    input: chapterSearchBody,
    reply: chapterSearchData,
    who: Who.USER,
    summary: "Search chapter-level openings ('案件')",
  },
  detail: {
    input: chapterRef,
    reply: chapterDetailsData,
    who: Who.MEMBER,
    summary: 'A chapter with its project, audit, editor and what the caller may do (members)',
  },
  update: {
    input: chapterUpdateBody,
    reply: z.null(),
    who: Who.EDITORIAL,
    summary:
      "Edit a chapter's information and 校了締切 (founder, editorial side; until the final audit passes)",
  },
  submitNames: {
    input: chapterRef,
    reply: z.null(),
    who: Who.CREATOR,
    summary: 'Submit the storyboard to the editor (creators, status 1/5 → 4)',
  },
  checkNames: {
    input: chapterCheckBody,
    reply: z.null(),
    who: Who.EDITORIAL_DESK,
    summary: 'Approve (→ 2) or reject (→ 5, with a reason) the storyboard (editorial desk, status 4)',
  },
  approveAllPages: {
    input: approveAllPagesBody,
    reply: approveAllPagesData,
    who: Who.EDITORIAL_DESK,
    summary: 'Approve every page not yet approved and the storyboard, at once (editorial desk, status 4 → 2)',
  },
});
