import { AccountStatus } from '@koma/shared';
import type { Db } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { groupPeople, type KindGroups, scanGroups } from './match-groups.js';
import { countsOf, type MatchMasks, maskOf } from './match-score.js';
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
/** A full reload reads this many people per query: the rows in flight stay a few MB, not 100 MB. */
const LOAD_PAGE = 1_000;

/**
 * Every person's matching data, in memory, so that a search scores all candidates in a few
 * milliseconds instead of a per-row SQL expression over the whole table (which cannot meet the
 * 50 ms budget at 10 concurrent searches on two cores). PostgreSQL stays the source of truth:
 * the index follows users.updated_at.
 */
export class MatchIndex {
  private readonly people = new Map<number, IndexedPerson>();
  private grouped: Map<number, KindGroups> | null = null;
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
    let changed = false;
    if (since) changed = this.take(await repo.loadMatchRows(this.db, since));
    else {
      for (let afterId = 0; ; ) {
        const rows = await repo.loadMatchRows(this.db, null, { afterId, limit: LOAD_PAGE });
        changed = this.take(rows) || changed;
        if (rows.length < LOAD_PAGE) break;
        afterId = (rows.at(-1) as { id: number }).id;
      }
    }
    if (changed) this.listDirty = true;
    this.since = syncedAt;
    this.lastSyncMs = now;
    if (full) this.lastFullMs = now;
  }

  /** Puts read rows into the index; true when there were any. */
  private take(rows: Awaited<ReturnType<typeof repo.loadMatchRows>>): boolean {
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
    return rows.length > 0;
  }

  /** Everyone active, grouped per kind and matching data: the search loop reads only numbers. */
  private groups(): Map<number, KindGroups> {
    if (this.listDirty || !this.grouped) {
      this.grouped = groupPeople(this.people.values());
      this.listDirty = false;
    }
    return this.grouped;
  }

  get(id: number): IndexedPerson | undefined {
    return this.people.get(id);
  }

  /**
   * Active people of every kind whose nickname holds `words` (any case), the founder's invitation
   * dialog's search: the exact name first, then names starting with the words, then the shorter.
   */
  /** With `loginattr`, only accounts of that kind (an editorial seat is an editor's). */
  byNickname(words: string, exceptId: number, limit: number, loginattr?: number): IndexedPerson[] {
    const needle = words.toLowerCase();
    const rank = (p: IndexedPerson) =>
      p.nicknameLower === needle ? 0 : p.nicknameLower.startsWith(needle) ? 1 : 2;
    const found: IndexedPerson[] = [];
    for (const p of this.people.values()) {
      if (loginattr !== undefined && p.loginattr !== loginattr) continue;
      if (p.active && p.id !== exceptId && p.nicknameLower.includes(needle)) found.push(p);
    }
    found.sort((a, b) => rank(a) - rank(b) || a.nickname.length - b.nickname.length || a.id - b.id);
    return found.slice(0, limit);
  }

  /** The page of best matches for a query, and how many people match it in all. */
  search(
    q: PersonQuery,
    offset: number,
    limit: number,
  ): { page: { id: number; score: number }[]; total: number } {
    const groups = this.groups().get(q.kind);
    const top = new TopK(offset + limit);
    const total = groups
      ? scanGroups(
          groups,
          {
            viewerId: q.viewerId,
            nick: q.nick.toLowerCase(),
            genres: q.genres,
            medias: q.medias,
            creativecap: q.creativecap,
            adscartoon: q.adscartoon ?? 0,
            only: q.only,
            except: q.except,
          },
          q.viewer,
          countsOf(q.viewer),
          top,
        )
      : 0;
    return { page: top.sorted().slice(offset), total };
  }
}

/** One index per database per process, shared by every service that matches people. */
export const matchIndexFor = perDatabase((db: Db) => new MatchIndex(db));
