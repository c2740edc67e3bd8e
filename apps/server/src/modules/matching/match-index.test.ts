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
    expect(load).toHaveBeenLastCalledWith(expect.anything(), null);
    // Later syncs ask only for rows changed since the newest one seen (minus a short margin).
    await new Promise((r) => setTimeout(r, 1_100));
    await index.fresh();
    const since = load.mock.lastCall?.[1];
    expect(since).toBeInstanceOf(Date);
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
