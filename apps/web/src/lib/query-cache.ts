/**
 * A light handle on the TanStack Query cache for code that runs before (or without) the query
 * chunk: the login screen and the language switch. TanStack Query lives in a lazily loaded route
 * (app/query-root.tsx), so the first page load does not download it; until it is loaded there
 * is no cache and these calls do nothing.
 */
interface CacheHandle {
  invalidateAll: () => Promise<void>;
  clear: () => void;
}

let handle: CacheHandle | null = null;

export function registerQueryCache(next: CacheHandle): void {
  handle = next;
}

/** Reloads every query, e.g. after the language changed (the server localises its lists). */
export function invalidateAllQueries(): Promise<void> {
  return handle ? handle.invalidateAll() : Promise.resolve();
}

/** Forgets every cached reply, e.g. when the session changes. */
export function clearQueryCache(): void {
  handle?.clear();
}
