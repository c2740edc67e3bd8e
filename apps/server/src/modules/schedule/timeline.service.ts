import {
  ChapterStatus,
  chapterStatusText,
  type EditorTimeline,
  ForecastStatus,
  forecastRiskText,
  type Language,
  LIMITS,
  type TimelineChapter,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import { presentedForecastsOf, WORST_FIRST } from './forecasts.js';
import { timelineChaptersOf } from './timeline.repository.js';

/** The chapter statuses in which the name (storyboard) is still being written or revised. */
const NAME_PHASE: readonly number[] = [ChapterStatus.NAME_WRITING, ChapterStatus.NAME_REVISION];

type Risk = TimelineChapter['risk'];

/**
 * The risk of a chapter with no forecast (before or after production): late once its check
 * deadline has passed unfinished, overdue while its name is past the name's deadline.
 */
function riskBefore(c: { status: number; scriptAt: string; checkAt: string }, today: string): Risk {
  if (c.status === ChapterStatus.FINISHED) return null;
  if (c.checkAt < today) return ForecastStatus.LATE;
  if (NAME_PHASE.includes(c.status) && c.scriptAt < today) return ForecastStatus.OVERDUE;
  return null;
}

/** Worst first; a chapter with no risk after every chapter with one. */
const rankOf = (risk: Risk) => (risk ? WORST_FIRST.indexOf(risk) : WORST_FIRST.length);

/**
 * The editor's timeline (docs/schedule.md, "The editor's timeline"): every chapter of the projects
 * she edits, with its forecast and risk, the late first, then by check deadline. A fixed number of
 * queries however many serializations: the chapters, then the forecasts of those in production.
 */
export async function editorTimelineOf(
  db: Executor,
  userId: number,
  lang: Language,
): Promise<EditorTimeline> {
  const today = tokyoDay();
  const rows = await timelineChaptersOf(db, userId, addDays(today, -LIMITS.timelineFinishedDays));
  const forecasts = await presentedForecastsOf(db, rows, lang);
  const chapters = rows.map((c): TimelineChapter => {
    const forecast = forecasts.get(c.id) ?? null;
    const risk = forecast ? forecast.status : riskBefore(c, today);
    const riskText = forecast
      ? forecast.status_text
      : risk
        ? forecastRiskText(risk, risk === ForecastStatus.OVERDUE ? 1 : 0, lang)
        : '';
    return {
      project_id: c.projectId,
      project_title: c.project,
      chapter_id: c.id,
      chapter_title: c.title,
      status: c.status,
      status_text: chapterStatusText(c.status, lang, c.auditStatus),
      start_on: tokyoDay(new Date(c.createdAt)),
      script_at: c.scriptAt,
      check_at: c.checkAt,
      buffer_days: c.dueBufferDays,
      forecast,
      risk,
      risk_text: riskText,
    };
  });
  // The rows come by check deadline: a stable sort keeps that order within each risk.
  chapters.sort((a, b) => rankOf(a.risk) - rankOf(b.risk));
  return { today, chapters };
}
