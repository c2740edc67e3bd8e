import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MatchIndex } from './match-index.js';
import * as repo from './matching.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the in-memory match index', () => {
  it('reads everyone once, then only what changed', async () => {
    await person(t, 'creator');
    await person(t, 'editor');
    const index = new MatchIndex(t.app.deps.db);
    const load = vi.spyOn(repo, 'loadMatchRows');
    await index.fresh();
    // Everyone, a page of people at a time (here the first page holds them all).
    expect(load).toHaveBeenLastCalledWith(expect.anything(), null, { afterId: 0, limit: 1_000 });
    // Later syncs ask only for what changed since the previous sync (less a short margin): once
    // the margin has passed, a quiet database gives nothing to read again.
    await new Promise((r) => setTimeout(r, 2_300));
    await index.fresh(); // may re-read the two people made just before the first sync
    expect(load.mock.lastCall?.[1]).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 1_100));
    await index.fresh();
    expect(await load.mock.results.at(-1)?.value).toEqual([]);
    load.mockRestore();
  });

  it('sees a person who just completed sign-up on the next search', async () => {
    const index = new MatchIndex(t.app.deps.db);
    await index.fresh();
    const newcomer = await person(t, 'editor');
    index.markStale();
    await index.fresh();
    expect(index.get(newcomer.id)?.active).toBe(true);
  });
});
