import { z } from 'zod';
import { pageRevisionsData } from '../schemas/name-review.js';
import {
  chapterRef,
  downloadUrlData,
  draftPage,
  draftPageListData,
  pageAddData,
  pageCheckBody,
  pageNoteAddBody,
  pageNoteListBody,
  pageNoteListData,
  pageRef,
} from '../schemas/production.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** The draft (storyboard) pages of a chapter: /chapter/script (docs/production.md). */
export const pages = endpoints(routes.pages, {
  list: {
    input: chapterRef,
    reply: draftPageListData,
    who: Who.MEMBER,
    summary: 'The draft pages of a chapter (members)',
  },
  add: {
    input: chapterRef,
    reply: pageAddData,
    who: Who.CREATOR,
    summary: 'Append an empty page (creators, chapter status 1/5)',
  },
  remove: {
    input: pageRef,
    reply: z.null(),
    who: Who.CREATOR,
    summary: 'Delete a page; later pages are renumbered (creators, chapter status 1/5)',
  },
  upload: {
    // The ids travel as form fields before the file (pageRef), read by the handler.
    input: null,
    reply: draftPage,
    who: Who.CREATOR,
    summary: "Upload a page's image (multipart: projectId, pageId, then file; PNG/GIF/JPG ≤ 2 MiB)",
  },
  link: {
    input: pageRef,
    reply: downloadUrlData,
    who: Who.MEMBER,
    summary: "A short-lived link to a page's image (members)",
  },
  notes: {
    input: pageNoteListBody,
    reply: pageNoteListData,
    who: Who.MEMBER,
    summary: "A page's notes, oldest first (members)",
  },
  addNote: {
    input: pageNoteAddBody,
    reply: z.null(),
    who: Who.MEMBER,
    summary: 'Comment on a page (members)',
  },
  check: {
    input: pageCheckBody,
    reply: z.null(),
    who: Who.EDITORIAL_DESK,
    summary:
      'Pass (1) or send back (2, with a reason kept as a comment) a page (editorial desk, chapter status 4)',
  },
  revisions: {
    input: pageRef,
    reply: pageRevisionsData,
    who: Who.MEMBER,
    summary: "Every file a storyboard page was given, newest first, with its marks' counts (members)",
  },
});
