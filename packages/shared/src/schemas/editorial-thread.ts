import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';
import { chapterRef } from './production.js';
import { boardPost } from './workspace.js';

// --- a chapter's editorial thread (編集部とのスレッド, docs/notices.md "The editorial thread") ----
/** POST /api/editorialThread/getList: newest last; `before` pages to older posts. */
export const editorialThreadListBody = chapterRef.extend({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(LIMITS.editorialThreadPageSize),
  /** Only posts older than this id (load older on scroll); page is ignored when set. */
  before: rowId().nullish(),
});
/** A post reads like a board post: who, when, what. */
export const editorialThreadListData = z.object({ list: z.array(boardPost), total: z.number() });
export const editorialThreadAddBody = chapterRef.extend({
  content: z
    .string({ error: 'contentRequired' })
    .trim()
    .min(1, { error: 'contentRequired' })
    .max(LIMITS.editorialThreadPostMax, { error: 'contentTooLong' }),
});
