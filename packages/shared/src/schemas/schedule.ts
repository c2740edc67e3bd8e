import { z } from 'zod';
import { ForecastStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { rowId, wholeNumber } from './common.js';
import { day } from './day.js';

const id = rowId();
const dueDay = day({ required: 'dueDayInvalid', invalid: 'dueDayInvalid' });

/** A chapter's forecast against its check deadline (docs/schedule.md); null before production. */
export const chapterForecast = z.object({
  status: z.enum([
    ForecastStatus.ON_TRACK,
    ForecastStatus.OVERDUE,
    ForecastStatus.AT_RISK,
    ForecastStatus.LATE,
  ]),
  /** The risk words (forecastRiskText): the status, and the steps past their due day named as such. */
  status_text: z.string(),
  /** Open steps past their due day. */
  overdue_count: z.number(),
  /** The day the last step is expected to be approved. */
  finish_on: z.string(),
  /** The range of the finish while a pace is still a default; both finish_on once all are the team's own. */
  finish_earliest: z.string(),
  finish_latest: z.string(),
  /** Every pace is the team's own: false shows the finish as a range, 「実績が少ないため目安」. */
  confident: z.boolean(),
  days_past_deadline: z.number(),
  /** A step past its due day, if any, then who finishes last and why, in words. */
  reason: z.string(),
});
export type ChapterForecast = z.infer<typeof chapterForecast>;

/** A chapter in production of one of the user's projects, with its forecast (the dashboard's panel). */
export const forecastCard = z.object({
  project_id: z.number(),
  project_title: z.string(),
  chapter_id: z.number(),
  chapter_title: z.string(),
  check_at: z.string(),
  forecast: chapterForecast,
});
export type ForecastCard = z.infer<typeof forecastCard>;

/** A step's due day as the screens show it; overdue when the day has passed and it is not approved. */
export const stepDue = z.object({ due_on: z.string().nullable(), overdue: z.boolean() });

export const scheduleBody = z.object({ projectId: id, chapterId: id });
export const scheduleStep = stepDue.extend({
  step_id: z.number(),
  pos_id: z.number(),
  position: z.string(),
  owner_user_id: z.number(),
  owner_nickname: z.string(),
  status: z.number(),
  status_text: z.string(),
  /** The founder moved the day: saving the flow again keeps it. */
  due_by_hand: z.boolean(),
  /** The Tokyo day it was approved; null until then. */
  approved_on: z.string().nullable(),
});
export type ScheduleStep = z.infer<typeof scheduleStep>;
export const scheduleData = z.object({
  script_at: z.string(),
  check_at: z.string(),
  buffer_days: z.number(),
  today: z.string(),
  forecast: chapterForecast.nullable(),
  /** The founder may move due days and the buffer. */
  editable: z.boolean(),
  pages: z.array(z.object({ page_id: z.number(), num: z.number(), steps: z.array(scheduleStep) })),
});
export type ScheduleData = z.infer<typeof scheduleData>;

export const moveDueBody = z.object({ projectId: id, chapterId: id, stepId: id, dueOn: dueDay });
export type MoveDueBody = z.input<typeof moveDueBody>;

export const saveBufferBody = z.object({
  projectId: id,
  chapterId: id,
  bufferDays: wholeNumber(
    z
      .number()
      .int({ error: 'bufferDaysInvalid' })
      .min(0, { error: 'bufferDaysInvalid' })
      .max(LIMITS.dueBufferDaysMax, { error: 'bufferDaysInvalid' }),
    'bufferDaysInvalid',
  ),
});
export type SaveBufferBody = z.input<typeof saveBufferBody>;

/**
 * A chapter on the editor's timeline (docs/schedule.md, "The editor's timeline"): a bar from the
 * day it was made (its name begins) to its check deadline (校了締切), with its forecast and risk.
 */
export const timelineChapter = z.object({
  project_id: z.number(),
  project_title: z.string(),
  chapter_id: z.number(),
  chapter_title: z.string(),
  status: z.number(),
  status_text: z.string(),
  /** The Tokyo day the chapter was made: its name (storyboard) begins. */
  start_on: z.string(),
  script_at: z.string(),
  check_at: z.string(),
  buffer_days: z.number(),
  /** The forecast while in production; null before and after. */
  forecast: chapterForecast.nullable(),
  /**
   * The risk the list is sorted by (worst first): the forecast's status in production; before it,
   * late once the check deadline has passed, overdue once the name's deadline has; null: none.
   */
  risk: z
    .enum([ForecastStatus.ON_TRACK, ForecastStatus.OVERDUE, ForecastStatus.AT_RISK, ForecastStatus.LATE])
    .nullable(),
  /** The risk in words (forecastRiskText); '' when there is none. */
  risk_text: z.string(),
});
export type TimelineChapter = z.infer<typeof timelineChapter>;
export const editorTimeline = z.object({
  today: z.string(),
  chapters: z.array(timelineChapter),
});
export type EditorTimeline = z.infer<typeof editorTimeline>;
