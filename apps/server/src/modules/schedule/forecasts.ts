import {
  type ChapterForecast,
  ChapterStatus,
  type ForecastCard,
  ForecastStatus,
  type Language,
  LIMITS,
} from '@koma/shared';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client.js';
import { tokyoDay } from '../../lib/calendar.js';
import { groupBy } from '../../lib/group-by.js';
import { perDatabase } from '../../lib/per-database.js';
import { daysBetween } from './due-plan.js';
import { type Forecast, forecastChapter } from './forecast.js';
import type { Throughput } from './pace.js';
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
  const cache = forecastFor(db);
  const result = new Map<number, Forecast>();
  const missing: ForecastChapter[] = [];
  for (const c of chapters) {
    if (c.status !== ChapterStatus.IN_PRODUCTION) continue;
    const kept = cache.get(c.id);
    if (kept?.key === keyOf(c, today)) result.set(c.id, kept.forecast);
    else missing.push(c);
  }
  if (missing.length === 0) return result;
  const [open, historyOf] = await Promise.all([
    repo.openStepsOf(
      db,
      missing.map((c) => c.id),
    ),
    throughputsOf(
      db,
      missing.map((c) => c.projectId),
      today,
    ),
  ]);
  const openOf = groupBy(open, (s) => s.chapterId);
  for (const c of missing) {
    const throughput = historyOf.get(c.projectId) ?? new Map();
    const forecast = forecastChapter(openOf.get(c.id) ?? [], throughput, c.checkAt, c.dueBufferDays, today);
    cache.set(c.id, { key: keyOf(c, today), forecast });
    result.set(c.id, forecast);
  }
  return result;
}

const keyOf = (c: ForecastChapter, today: string) => `${c.checkAt}|${c.dueBufferDays}|${today}`;

/**
 * Each chapter's forecast, kept for a minute and for the day, deadline and buffer it was made
 * with: the work list, the chapter list and every member's dashboard ask for it on each visit,
 * while it changes only with the work. Every change of a chapter's work through this instance
 * forgets it (announceChapterChange, refreshForecast); other instances show it at most a minute
 * old.
 */
export const forecastFor = perDatabase(
  () => new LRUCache<number, { key: string; forecast: Forecast }>({ ttl: 60_000, max: 20_000 }),
);

/**
 * Each project's approvals over the window, kept for five minutes: counting them reads every
 * approved step of the project (8 ms of the forecast's 11 on PostgreSQL, bench/README.md
 * "Forecast"), while a forecast moves with days, not minutes. An approval through this instance
 * forgets its project at once (refreshForecast).
 */
export const throughputFor = perDatabase(
  () => new LRUCache<number, Throughput>({ ttl: 5 * 60_000, max: 10_000 }),
);

async function throughputsOf(db: Executor, projectIds: readonly number[], today: string) {
  const cache = throughputFor(db);
  const found = new Map<number, Throughput>();
  const missing: number[] = [];
  for (const id of new Set(projectIds)) {
    const kept = cache.get(id);
    if (kept) found.set(id, kept);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const byProject = groupBy(await repo.approvalsOf(db, missing), (r) => r.projectId);
  for (const id of missing) {
    const throughput = throughputOf(byProject.get(id) ?? [], today);
    cache.set(id, throughput);
    found.set(id, throughput);
  }
  return found;
}

/** A project's history per kind of step from its approvals per kind and person (repo.approvalsOf). */
export function throughputOf(
  rows: readonly { positionId: number; count: number; first: Date | string }[],
  today: string,
): Throughput {
  const kinds = new Map<number, { approvals: number; people: number; first: number }>();
  for (const r of rows) {
    const first = new Date(r.first).getTime();
    const kind = kinds.get(r.positionId) ?? { approvals: 0, people: 0, first };
    const count = Number(r.count);
    kinds.set(r.positionId, {
      approvals: kind.approvals + count,
      people: kind.people + (count > 0 ? 1 : 0),
      first: Math.min(first, kind.first),
    });
  }
  return new Map(
    [...kinds]
      .filter(([, k]) => k.approvals > 0)
      .map(([positionId, k]) => [
        positionId,
        {
          approvals: k.approvals,
          people: k.people,
          days: Math.min(LIMITS.forecastWindowDays, daysBetween(tokyoDay(new Date(k.first)), today) + 1),
        },
      ]),
  );
}

/** The forecasts presented for the screens, with the people's names and the overdue step's page. */
export async function presentedForecastsOf(
  db: Executor,
  chapters: readonly ForecastChapter[],
  lang: Language,
): Promise<Map<number, ChapterForecast>> {
  const forecasts = await forecastsOf(db, chapters);
  const all = [...forecasts.values()];
  const ownerIds = all.flatMap((f) =>
    [f.bottleneck?.ownerId, f.overdue?.ownerId].filter((id) => id !== undefined),
  );
  const pageIds = all.flatMap((f) => (f.overdue ? [f.overdue.pageId] : []));
  const [nicknames, pageNums] = await Promise.all([
    cachedLookup(nicknameFor(db), ownerIds, async (ids) =>
      (await repo.nicknamesOf(db, ids)).map((r) => [r.id, r.nickname] as const),
    ),
    cachedLookup(pageNumFor(db), pageIds, async (ids) =>
      (await repo.pageNumsOf(db, ids)).map((r) => [r.id, r.num] as const),
    ),
  ]);
  return new Map([...forecasts].map(([id, f]) => [id, presentForecast(f, nicknames, pageNums, lang)]));
}

/**
 * The bottleneck people's nicknames, kept a minute like the forecasts that name them: every
 * dashboard visit presents its forecasts, and reading the names on each was a query per visit
 * (bench/README.md, "The dashboard and the work list with forecasts"). The overdue steps' page
 * numbers likewise.
 */
const nicknameFor = perDatabase(() => new LRUCache<number, string>({ ttl: 60_000, max: 20_000 }));
const pageNumFor = perDatabase(() => new LRUCache<number, number>({ ttl: 60_000, max: 20_000 }));

async function cachedLookup<V extends {}>(
  cache: LRUCache<number, V>,
  ids: readonly number[],
  read: (missing: number[]) => Promise<(readonly [number, V])[]>,
): Promise<Map<number, V>> {
  const found = new Map<number, V>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const kept = cache.get(id);
    if (kept === undefined) missing.push(id);
    else found.set(id, kept);
  }
  if (missing.length === 0) return found;
  for (const [id, value] of await read(missing)) {
    cache.set(id, value);
    found.set(id, value);
  }
  return found;
}

export const WORST_FIRST: readonly string[] = [
  ForecastStatus.LATE,
  ForecastStatus.AT_RISK,
  ForecastStatus.OVERDUE,
  ForecastStatus.ON_TRACK,
];

/** The dashboard's panel: the user's chapters in production, worst forecast first, then nearest deadline. */
export async function forecastCardsOf(
  db: Executor,
  userId: number,
  limit: number,
  lang: Language,
): Promise<ForecastCard[]> {
  const rows = await repo.productionChaptersOf(db, userId);
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
