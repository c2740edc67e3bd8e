import { z } from 'zod';
import { ACCESS_KINDS, WATERMARK_MODES, WATERMARK_ORIGINALS } from '../enums.js';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';
import { day } from './day.js';

const id = rowId();

// --- the project's watermark setting (docs/renditions.md, "Watermarks") ----------------------
export const watermarkSettingData = z.object({
  mode: z.enum(WATERMARK_MODES),
  originals: z.enum(WATERMARK_ORIGINALS),
  /** The founder or the editor in charge may change the mode; the founder alone what originals do. */
  mayChange: z.boolean(),
  mayChooseOriginals: z.boolean(),
});
export type WatermarkSettingData = z.infer<typeof watermarkSettingData>;

export const saveWatermarkBody = z.object({
  projectId: id,
  mode: z.enum(WATERMARK_MODES, { error: 'watermarkModeInvalid' }),
  originals: z.enum(WATERMARK_ORIGINALS, { error: 'watermarkModeInvalid' }),
});
export type SaveWatermarkBody = z.input<typeof saveWatermarkBody>;

// --- the access record (docs/access.md, "The access record") -------------------------------
/** Filters of the record: a chapter, a page number of it, a person, a kind, a period of Tokyo days. */
export const accessRecordFilter = z.object({
  projectId: id,
  chapterId: id.nullish(),
  pageNum: z.number().int().min(1).max(10_000).nullish(),
  userId: id.nullish(),
  kind: z.enum(ACCESS_KINDS).nullish(),
  from: day({ required: 'invalidValue', invalid: 'invalidValue' }).nullish(),
  to: day({ required: 'invalidValue', invalid: 'invalidValue' }).nullish(),
});
export type AccessRecordFilter = z.input<typeof accessRecordFilter>;

export const accessRecordsBody = accessRecordFilter.extend({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(LIMITS.accessRecordPageSize).default(LIMITS.accessRecordPageSize),
});
export type AccessRecordsBody = z.input<typeof accessRecordsBody>;

/** One row: a look (deduplicated per hour, with its count) or a download. */
export const accessRecordRow = z.object({
  id: z.number(),
  kind: z.enum(ACCESS_KINDS),
  /** A member (userId and nick), or a guest of a review link (reviewLinkId and guestName). */
  userId: z.number().nullable(),
  nick: z.string(),
  reviewLinkId: z.number().nullable(),
  guestName: z.string().nullable(),
  chapterId: z.number().nullable(),
  chapterTitle: z.string(),
  pageNum: z.number().nullable(),
  /** The watermark code the pictures carried, '' when clean. */
  code: z.string(),
  /** The network, hashed with the server's secret: equal hashes, same network. */
  network: z.string(),
  firstAt: z.string(),
  lastAt: z.string(),
  count: z.number(),
});
export type AccessRecordRow = z.infer<typeof accessRecordRow>;

export const accessRecordsData = z.object({
  list: z.array(accessRecordRow),
  total: z.number(),
  /** The people of the project, for the person filter. */
  people: z.array(z.object({ id: z.number(), nick: z.string() })),
  chapters: z.array(z.object({ id: z.number(), title: z.string() })),
  keptDays: z.number(),
});
export type AccessRecordsData = z.infer<typeof accessRecordsData>;

/** The CSV of what the filter selects, newest first, at most LIMITS.accessRecordCsvMax rows. */
export const accessRecordCsvData = z.object({ filename: z.string(), csv: z.string() });

export const watermarkCodeBody = z.object({
  projectId: id,
  code: z
    .string({ error: 'watermarkCodeInvalid' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{6}$/, { error: 'watermarkCodeInvalid' }),
});
export type WatermarkCodeBody = z.input<typeof watermarkCodeBody>;

/** Whom a code read off a picture was served to, on which day, and what they were served. */
export const watermarkCodeData = z.object({
  found: z.boolean(),
  userId: z.number().nullable(),
  nick: z.string(),
  day: z.string(),
  served: z.array(accessRecordRow),
});
export type WatermarkCodeData = z.infer<typeof watermarkCodeData>;
