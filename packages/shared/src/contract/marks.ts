import { z } from 'zod';
import {
  markAddBody,
  markData,
  markMoveBody,
  markRef,
  markReplyBody,
  markSheetBody,
  markSheetQuery,
  marksListBody,
  marksListData,
} from '../schemas/marks.js';
import { downloadUrlData } from '../schemas/production.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/** Red-pen marks (赤入れ) on page revisions (docs/marks.md). */
export const marks = endpoints(routes.marks, {
  list: {
    input: marksListBody,
    reply: marksListData,
    who: Who.MEMBER,
    summary: "A page's marks, of one revision or all, with replies and counts by state (members)",
  },
  add: {
    input: markAddBody,
    reply: markData,
    who: Who.REVIEWER,
    summary: 'Draw a numbered mark with a comment on a revision (who may judge the page)',
  },
  reply: {
    input: markReplyBody,
    reply: markData,
    who: Who.ASSIGNEE_OR_REVIEWER,
    summary: "Reply in a mark's thread (the assignee and who may judge the page)",
  },
  resolve: {
    input: markMoveBody,
    reply: markData,
    who: Who.ASSIGNEE,
    summary: 'Mark an open mark resolved (the assignee of its step)',
  },
  confirm: {
    input: markMoveBody,
    reply: markData,
    who: Who.REVIEWER,
    summary: 'Confirm a resolved mark (who may judge the page)',
  },
  reopen: {
    input: markMoveBody,
    reply: markData,
    who: Who.REVIEWER,
    summary: 'Reopen a resolved or confirmed mark (who may judge the page)',
  },
  remove: {
    input: markRef,
    reply: z.null(),
    who: Who.OWNER,
    summary: 'Delete a mark while it is open (its author)',
  },
  sheetLink: {
    input: markSheetBody,
    reply: downloadUrlData,
    who: Who.MEMBER,
    summary: 'A signed GET link to the correction sheet PDF of a page or a chapter (members)',
  },
  sheet: {
    input: markSheetQuery,
    reply: z.null(),
    who: Who.SIGNED_LINK,
    summary: 'The correction sheet PDF behind a signed link from sheetLink',
  },
});
