import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';
import { day } from './day.js';
import { projectSearchBody, projectSearchItem } from './projects.js';
import { chapterForecast } from './schedule.js';
import { singleLineText } from './single-line.js';

const id = rowId();
const required = z.string({ error: 'allRequired' }).trim().min(1, { error: 'allRequired' });

export const chapterListBody = z.object({ projectId: id });
export const chapterItem = z.object({
  id: z.number(),
  /** 1-based order within the project. */
  num: z.number(),
  title: z.string(),
  icon: z.string(),
  status: z.number(),
  status_desc: z.string(),
  update_at: z.string(),
  page: z.number(),
  scriptAt: z.string(),
  checkAt: z.string(),
  main_paiter_uids: z.array(z.number()),
  /** While in production: on track, at risk or late, with the reason (docs/schedule.md). */
  forecast: chapterForecast.nullable(),
});
export type ChapterItem = z.infer<typeof chapterItem>;
export const chapterListData = z.object({ list: z.array(chapterItem) });

/** POST /api/chapter/add: every field required ('全て必須入力です'), page count digits only. */
export const chapterAddBody = z.object({
  projectId: id,
  title: singleLineText(60, { required: 'allRequired', tooLong: 'titleTooLong' }),
  page: z
    .union([z.number(), z.string()], { error: 'allRequired' })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'allRequired' })
        .regex(/^\d{1,4}$/, { error: 'pageCountInvalid' }),
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: 'pageCountInvalid' })
        .max(LIMITS.chapterPagesMax, { error: 'pageCountInvalid' }),
    ),
  icon: required.pipe(z.string().max(300)),
  scriptAt: day({ required: 'allRequired', invalid: 'scriptAtInvalid' }),
  checkAt: day({ required: 'allRequired', invalid: 'checkAtInvalid' }),
});
export type ChapterAddBody = z.input<typeof chapterAddBody>;

/**
 * POST /api/chapter/search: chapter-level openings ('案件'). The same filters as the project
 * search; each result names the chapter and its deadlines.
 */
export const chapterSearchBody = projectSearchBody;
export const chapterSearchItem = projectSearchItem.extend({
  chapter_id: z.number(),
  chapter_title: z.string(),
  page: z.number(),
  scriptAt: z.string(),
  checkAt: z.string(),
});
export type ChapterSearchItem = z.infer<typeof chapterSearchItem>;
export const chapterSearchData = z.object({ list: z.array(chapterSearchItem), total: z.number() });
export const chapterAddData = z.object({ chapterId: z.number() });
