import type { Executor } from '../../db/client.js';
import { findProjectDetail, type ProjectDetailRow } from './projects.repository.js';

/**
 * The detail tab of a project (the project, its founder and members) is the same for every viewer
 * and read far more often than it changes: it is kept for at most TTL_MS. A change made through
 * this instance forgets it at once (the services call forget() after committing); another
 * instance's change shows within TTL_MS.
 */
const TTL_MS = 1000;
/** Bounds memory however many projects are read: the oldest entries go first. */
const MAX_ENTRIES = 5000;

interface Entry {
  row: Promise<ProjectDetailRow | undefined>;
  until: number;
}

class ProjectDetailsCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly db: Executor) {}

  /** One read however many ask at once; a failed read is not kept. */
  get(projectId: number, now = Date.now()): Promise<ProjectDetailRow | undefined> {
    const entry = this.entries.get(projectId);
    if (entry && now < entry.until) return entry.row;
    const row = findProjectDetail(this.db, projectId);
    const fresh: Entry = { row, until: now + TTL_MS };
    this.entries.delete(projectId);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(projectId, fresh);
    row.catch(() => {
      if (this.entries.get(projectId) === fresh) this.entries.delete(projectId);
    });
    return row;
  }

  /**
   * After a committed change to the project or its members. A read still running was started
   * before the commit may have been seen: it is dropped with its entry, never stored again.
   */
  forget(projectId: number): void {
    this.entries.delete(projectId);
  }

  /** After a change that may show in any project (a member's nickname or picture). */
  forgetAll(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<Executor, ProjectDetailsCache>();

/** The cache of this database (each test app has its own). */
export function projectDetailsFor(db: Executor): ProjectDetailsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ProjectDetailsCache(db);
    caches.set(db, cache);
  }
  return cache;
}
