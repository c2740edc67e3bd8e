import type { Db } from '../../db/client.js';
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

/**
 * A list read from the database by one query however many ask. Past REFRESH_MS the list still
 * answers while a fresh one is read in the background; after markStale() (a change made here)
 * callers wait for a list read after the change.
 */
class RefreshingList<T> {
  private value: T[] | null = null;
  /** The generation the value was read in, and when that read started. */
  private valueGeneration = -1;
  private loadedAt = 0;
  /** Bumped by markStale(): a read that started before a change cannot serve after it. */
  private generation = 0;
  private loading: { rows: Promise<T[]>; generation: number } | null = null;

  constructor(private readonly load: () => Promise<T[]>) {}

  markStale(): void {
    this.generation += 1;
  }

  get(): Promise<T[]> {
    if (this.value && this.valueGeneration === this.generation) {
      if (Date.now() - this.loadedAt >= REFRESH_MS) {
        // Errors show on a caller that has to wait; a background read just tries again later.
        this.refresh().catch(() => undefined);
      }
      return Promise.resolve(this.value);
    }
    return this.refresh();
  }

  private refresh(): Promise<T[]> {
    if (this.loading?.generation === this.generation) return this.loading.rows;
    const generation = this.generation;
    const startedAt = Date.now();
    const rows = this.load().then((loaded) => {
      if (generation >= this.valueGeneration) {
        this.value = loaded;
        this.valueGeneration = generation;
        this.loadedAt = startedAt;
      }
      return loaded;
    });
    const loading = { rows, generation };
    this.loading = loading;
    const done = () => {
      if (this.loading === loading) this.loading = null;
    };
    rows.then(done, done);
    return rows;
  }
}

/**
 * What is recruiting now: the ongoing projects with an open project recruitment and the chapters
 * with an open chapter recruitment, each with its founder's nickname and the positions sought.
 * Every search ranks all of them for its caller, so they are read every few seconds (a few
 * thousand rows) instead of once per search; PostgreSQL stays the source of truth. Services that
 * change a project, a recruitment, a chapter's title, pages or dates, or a nickname call
 * markStale(), so this instance shows its own changes at once.
 */
export class Openings {
  readonly projects: RefreshingList<Indexed<ProjectOpening>>;
  readonly chapters: RefreshingList<Indexed<ChapterOpening>>;

  constructor(db: Db) {
    // Keywords are looked for in a project's title and description, in a chapter's and its project's titles.
    this.projects = new RefreshingList(async () =>
      (await recruitingProjects(db)).map(({ content, ...p }) => indexed(p, [p.title, content])),
    );
    this.chapters = new RefreshingList(async () =>
      (await recruitingChapters(db)).map((c) => indexed(c, [c.title, c.chapterTitle])),
    );
  }

  markStale(): void {
    this.projects.markStale();
    this.chapters.markStale();
  }
}

/** One list of openings per database per process, shared by the project and chapter searches. */
export const openingsFor = perDatabase((db: Db) => new Openings(db));
