import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { tokyoDay } from '../../lib/calendar.js';
import { perDatabase } from '../../lib/per-database.js';
import { recruitingChapters } from '../chapters/chapters.repository.js';
import { bitCount, maskOf } from '../matching/match-score.js';
import { recruitingProjects } from './project-search.repository.js';

export type ProjectOpening = Omit<Awaited<ReturnType<typeof recruitingProjects>>[number], 'content'>;
export type ChapterOpening = Awaited<ReturnType<typeof recruitingChapters>>[number];

/**
 * An opening with its sets as bitmasks (ids are small) and their sizes, so that ranking reads
 * numbers only, and the lower-cased texts the search keywords are looked for in.
 */
export interface Indexed<T> {
  opening: T;
  /** The opening's project, its founder and kind, copied out: ranking reads one shape of object. */
  id: number;
  founderId: number;
  kind: number;
  texts: string[];
  genres: number;
  genresCount: number;
  creativecap: number;
  creativecapCount: number;
  recruiting: number;
  recruitingCount: number;
}

export function indexed<
  T extends {
    id: number;
    founderId: number;
    kind: number;
    genres: number[];
    creativecap: number[];
    recruiting: number[];
  },
>(opening: T, texts: string[]): Indexed<T> {
  const genres = maskOf(opening.genres);
  const creativecap = maskOf(opening.creativecap);
  const recruiting = maskOf(opening.recruiting);
  return {
    opening,
    id: opening.id,
    founderId: opening.founderId,
    kind: opening.kind,
    texts: texts.map((text) => text.toLowerCase()),
    genres,
    genresCount: bitCount(genres),
    creativecap,
    creativecapCount: bitCount(creativecap),
    recruiting,
    recruitingCount: bitCount(recruiting),
  };
}

/**
 * Another instance's changes show within about this time; this instance's own changes at once.
 * Reading every opening costs tens of milliseconds of the database, so it is not done each second.
 */
const REFRESH_MS = 5_000;

/** The one key of a list cache. */
const ALL = 0;

/**
 * A list read from the database by one query however many ask. Past REFRESH_MS the list still
 * answers while a fresh one is read in the background (allowStale); a failed background read
 * keeps the list and is tried again on the next call (noDeleteOnFetchRejection), while a caller
 * that has to wait sees the error. After markStale() (a change made here) callers wait for a list
 * read after the change: a read already running answers its callers but is not kept.
 */
function refreshingList<T>(load: () => Promise<T[]>) {
  return new LRUCache<typeof ALL, T[]>({
    max: 1,
    ttl: REFRESH_MS,
    allowStale: true,
    noDeleteOnFetchRejection: true,
    ignoreFetchAbort: true,
    fetchMethod: load,
  });
}

/**
 * What is recruiting now: the ongoing projects with an ongoing project recruitment and the chapters
 * with an ongoing chapter recruitment, each with its founder's nickname and the positions still
 * open (a recruitment starts and ends with its dates: a read on a new day sees it).
 * Every search ranks all of them for its caller, so they are read every few seconds (a few
 * thousand rows) instead of once per search; PostgreSQL stays the source of truth. Services that
 * change a project, a recruitment, a chapter's title, pages or dates, or a nickname call
 * markStale(), so this instance shows its own changes at once.
 */
export class Openings {
  private readonly projectList: LRUCache<typeof ALL, Indexed<ProjectOpening>[]>;
  private readonly chapterList: LRUCache<typeof ALL, Indexed<ChapterOpening>[]>;

  constructor(db: Db) {
    // Keywords are looked for in a project's title and description, in a chapter's and its project's titles.
    this.projectList = refreshingList(async () =>
      (await recruitingProjects(db, tokyoDay())).map(({ content, ...p }) => indexed(p, [p.title, content])),
    );
    this.chapterList = refreshingList(async () =>
      (await recruitingChapters(db, tokyoDay())).map((c) => indexed(c, [c.title, c.chapterTitle])),
    );
  }

  projects(): Promise<Indexed<ProjectOpening>[]> {
    return this.projectList.forceFetch(ALL);
  }

  chapters(): Promise<Indexed<ChapterOpening>[]> {
    return this.chapterList.forceFetch(ALL);
  }

  markStale(): void {
    this.projectList.delete(ALL);
    this.chapterList.delete(ALL);
  }
}

/** One list of openings per database per process, shared by the project and chapter searches. */
export const openingsFor = perDatabase((db: Db) => new Openings(db));
