import { AccountStatus } from '@koma/shared';
import type { Db } from '../../db/client.js';
import { bitCount, countsOf, type MatchMasks, maskOf, matchCounted } from './match-score.js';
import * as repo from './matching.repository.js';
import { TopK } from './ranking.js';

export interface IndexedPerson extends MatchMasks {
  id: number;
  loginattr: number;
  active: boolean;
  nickname: string;
  nicknameLower: string;
  pic: string;
}

export interface PersonQuery {
  viewer: MatchMasks;
  viewerId: number;
  kind: number;
  nick: string;
  genres: number;
  medias: number;
  creativecap: number;
  adscartoon: number | null | undefined;
  /** Keep only these people (status filter 2/3/4), or drop these (status 1). */
  only?: ReadonlySet<number>;
  except?: ReadonlySet<number>;
}

/** Another instance's changes show within this time; this instance's own changes at once. */
const REFRESH_MS = 1_000;
/**
 * A row's updated_at is its transaction's start, so a transaction still open at the last sync
 * can commit a time older than that sync. Re-reading a short margin before it catches those:
 * transactions here are short.
 */
const OVERLAP_MS = 2_000;
/** A full reload now and then bounds any drift whatever happened. */
const FULL_RELOAD_MS = 5 * 60_000;

/**
 * Every person's matching data, in memory, so that a search scores all candidates in a few
 * milliseconds instead of a per-row SQL expression over the whole table (which cannot meet the
 * 50 ms budget at 10 concurrent searches on two cores). PostgreSQL stays the source of truth:
 * the index follows users.updated_at.
 */
export class MatchIndex {
  private readonly people = new Map<number, IndexedPerson>();
  private cols: Columns | null = null;
  private listDirty = true;
  private since: Date | null = null;
  private lastSyncMs = 0;
  private lastFullMs = 0;
  private syncing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Call after this instance changed a person's matching data: the next read syncs. */
  markStale(): void {
    this.lastSyncMs = 0;
  }

  async fresh(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSyncMs < REFRESH_MS) return;
    this.syncing ??= this.sync(now).finally(() => {
      this.syncing = null;
    });
    await this.syncing;
  }

  private async sync(now: number): Promise<void> {
    const full = this.since === null || now - this.lastFullMs > FULL_RELOAD_MS;
    const since = full || !this.since ? null : new Date(this.since.getTime() - OVERLAP_MS);
    // The database's clock before reading: the next sync reads what changed after it (less the
    // margin), so rows already seen are not read again once they are older than the margin.
    const syncedAt = await repo.databaseNow(this.db);
    const rows = await repo.loadMatchRows(this.db, since);
    for (const row of rows) {
      this.people.set(row.id, {
        id: row.id,
        loginattr: row.loginattr,
        active: row.status === AccountStatus.ACTIVE,
        nickname: row.nickname,
        nicknameLower: row.nickname.toLowerCase(),
        pic: row.pic,
        genres: maskOf(row.genres),
        medias: maskOf(row.medias),
        creativecap: maskOf(row.creativecap),
        adscartoon: row.adscartoon,
        publish: row.publish,
      });
    }
    if (rows.length > 0) this.listDirty = true;
    this.since = syncedAt;
    this.lastSyncMs = now;
    if (full) this.lastFullMs = now;
  }

  /** Everyone, newest first, as columns: the search loop reads only numbers. */
  private columns(): Columns {
    if (this.listDirty || !this.cols) {
      this.cols = toColumns([...this.people.values()].sort((a, b) => b.id - a.id));
      this.listDirty = false;
    }
    return this.cols;
  }

  get(id: number): IndexedPerson | undefined {
    return this.people.get(id);
  }

  /** The page of best matches for a query, and how many people match it in all. */
  search(
    q: PersonQuery,
    offset: number,
    limit: number,
  ): { page: { id: number; score: number }[]; total: number } {
    const c = this.columns();
    const top = new TopK(offset + limit);
    const nick = q.nick.toLowerCase();
    const v = q.viewer;
    const vc = countsOf(v);
    const ads = q.adscartoon ?? 0;
    let total = 0;
    for (let i = 0; i < c.size; i++) {
      if (c.kind[i] !== q.kind) continue;
      const id = c.id[i] as number;
      if (id === q.viewerId) continue;
      const g = c.genres[i] as number;
      const m = c.medias[i] as number;
      const cc = c.creativecap[i] as number;
      if (q.genres && (g & q.genres) === 0) continue;
      if (q.medias && (m & q.medias) === 0) continue;
      if (q.creativecap && (cc & q.creativecap) === 0) continue;
      if (ads && c.adscartoon[i] !== ads) continue;
      if (nick && !(c.nickname[i] as string).includes(nick)) continue;
      if (q.only && !q.only.has(id)) continue;
      if (q.except?.has(id)) continue;
      total += 1;
      const score = matchCounted(
        v,
        vc,
        g,
        c.genresCount[i] as number,
        m,
        c.mediasCount[i] as number,
        cc,
        c.creativecapCount[i] as number,
        (c.adscartoon[i] as number) || null,
        (c.publish[i] as number) || null,
      );
      top.offer(score, id);
    }
    return { page: top.sorted().slice(offset), total };
  }
}

interface Columns {
  size: number;
  id: Int32Array;
  /** loginattr of active people; 0 for the others, so they never match a kind. */
  kind: Uint8Array;
  genres: Int32Array;
  genresCount: Uint8Array;
  medias: Int32Array;
  mediasCount: Uint8Array;
  creativecap: Int32Array;
  creativecapCount: Uint8Array;
  adscartoon: Int8Array;
  publish: Int8Array;
  nickname: string[];
}

function toColumns(people: IndexedPerson[]): Columns {
  const n = people.length;
  const c: Columns = {
    size: n,
    id: new Int32Array(n),
    kind: new Uint8Array(n),
    genres: new Int32Array(n),
    genresCount: new Uint8Array(n),
    medias: new Int32Array(n),
    mediasCount: new Uint8Array(n),
    creativecap: new Int32Array(n),
    creativecapCount: new Uint8Array(n),
    adscartoon: new Int8Array(n),
    publish: new Int8Array(n),
    nickname: new Array<string>(n),
  };
  people.forEach((p, i) => {
    c.id[i] = p.id;
    c.kind[i] = p.active ? p.loginattr : 0;
    c.genres[i] = p.genres;
    c.genresCount[i] = bitCount(p.genres);
    c.medias[i] = p.medias;
    c.mediasCount[i] = bitCount(p.medias);
    c.creativecap[i] = p.creativecap;
    c.creativecapCount[i] = bitCount(p.creativecap);
    c.adscartoon[i] = p.adscartoon ?? 0;
    c.publish[i] = p.publish ?? 0;
    c.nickname[i] = p.nicknameLower;
  });
  return c;
}

const indexes = new WeakMap<Db, MatchIndex>();

/** One index per database per process, shared by every service that matches people. */
export function matchIndexFor(db: Db): MatchIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new MatchIndex(db);
    indexes.set(db, index);
  }
  return index;
}
