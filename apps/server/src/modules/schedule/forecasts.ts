import {
  type ChapterForecast,
  ChapterStatus,
  type ForecastCard,
  ForecastStatus,
  type Language,
  LIMITS,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { tokyoDay } from '../../lib/calendar.js';
import { groupBy } from '../../lib/group-by.js';
import { daysBetween } from './due-plan.js';
import { type Forecast, forecastChapter, type Throughput } from './forecast.js';
import { presentForecast } from './schedule.presenter.js';
import * as repo from './schedule.repository.js';

/** What the forecast needs of a chapter. */
export interface ForecastChapter {
  id: number;
  projectId: number;
  status: number;
  checkAt: string;
  dueBufferDays: number;
}

/**
 * The forecasts of chapters in production, in a fixed number of queries however many chapters:
 * the chapter list and the dashboard ask for several at once. Other chapters get none.
 */
export async function forecastsOf(
  db: Executor,
  chapters: readonly ForecastChapter[],
  today: string = tokyoDay(),
): Promise<Map<number, Forecast>> {
  const live = chapters.filter((c) => c.status === ChapterStatus.IN_PRODUCTION);
  if (live.length === 0) return new Map();
  const [open, approvals] = await Promise.all([
    repo.openStepsOf(
      db,
      live.map((c) => c.id),
    ),
    repo.approvalsOf(db, [...new Set(live.map((c) => c.projectId))]),
  ]);
  const openOf = groupBy(open, (s) => s.chapterId);
  const throughputOf = throughputs(approvals, today);
  const result = new Map<number, Forecast>();
  for (const c of live)
    result.set(
      c.id,
      forecastChapter(openOf.get(c.id) ?? [], throughputOf(c.projectId), c.checkAt, c.dueBufferDays, today),
    );
  return result;
}

function throughputs(approvals: Awaited<ReturnType<typeof repo.approvalsOf>>, today: string) {
  const counts = groupBy(approvals.counts, (r) => r.projectId);
  const firsts = new Map(approvals.firsts.map((r) => [r.projectId, tokyoDay(new Date(r.first))]));
  return (projectId: number): Throughput => {
    const first = firsts.get(projectId);
    return {
      approvalsByOwner: new Map((counts.get(projectId) ?? []).map((r) => [r.ownerId, Number(r.count)])),
      daysObserved: first ? Math.min(LIMITS.forecastWindowDays, daysBetween(first, today) + 1) : 0,
    };
  };
}

/** The forecasts presented for the screens, with the bottleneck people's names. */
export async function presentedForecastsOf(
  db: Executor,
  chapters: readonly ForecastChapter[],
  lang: Language,
): Promise<Map<number, ChapterForecast>> {
  const forecasts = await forecastsOf(db, chapters);
  const ownerIds = [
    ...new Set([...forecasts.values()].flatMap((f) => (f.bottleneck ? [f.bottleneck.ownerId] : []))),
  ];
  const names = await repo.nicknamesOf(db, ownerIds);
  const nicknames = new Map(names.map((n) => [n.id, n.nickname]));
  return new Map([...forecasts].map(([id, f]) => [id, presentForecast(f, nicknames, lang)]));
}

const WORST_FIRST: readonly string[] = [ForecastStatus.LATE, ForecastStatus.AT_RISK, ForecastStatus.ON_TRACK];

/** The dashboard's panel: the user's chapters in production, worst forecast first, then nearest deadline. */
export async function forecastCardsOf(
  db: Executor,
  userId: number,
  limit: number,
  lang: Language,
): Promise<ForecastCard[]> {
  const rows = await repo.productionChaptersOf(db, userId, LIMITS.dashboardForecastChaptersMax);
  const forecasts = await presentedForecastsOf(db, rows, lang);
  const cards = rows.flatMap((c) => {
    const forecast = forecasts.get(c.id);
    if (!forecast) return [];
    return [
      {
        project_id: c.projectId,
        project_title: c.project,
        chapter_id: c.id,
        chapter_title: c.title,
        check_at: c.checkAt,
        forecast,
      },
    ];
  });
  cards.sort((a, b) => WORST_FIRST.indexOf(a.forecast.status) - WORST_FIRST.indexOf(b.forecast.status));
  return cards.slice(0, limit);
}
