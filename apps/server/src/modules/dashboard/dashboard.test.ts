import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { timeLeft } from './dashboard.presenter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('dashboard', () => {
  it('gives an editor recommended originators and no project panels before any project exists', async () => {
    const creator = await person(t, 'creator', { nickname: 'ダッシュボード原作者', typebigs: [11] });
    const editor = await person(t, 'editor', { typebigs: [11] });
    const home = await call(t, contract.dashboard.home, undefined, editor.token);
    expect(home.http).toBe(200);
    expect(home.body.data).toMatchObject({
      project: [],
      join: [],
      recommend: [],
      chapter: [],
      editor: [],
      pairs: [],
    });
    expect(home.body.data.originator[0]).toMatchObject({ userid: creator.id, nick: 'ダッシュボード原作者' });
    expect(home.body.data.originator[0]?.match).toBeGreaterThan(0);
  });

  it('has no to-do items while nothing waits for the user', async () => {
    const me = await person(t, 'creator');
    expect(
      (await call(t, contract.dashboard.todoCounts, undefined, me.token)).body.data.list.every(
        (i) => i.cnt === 0,
      ),
    ).toBe(true);
    expect((await call(t, contract.dashboard.todoList, { type: 13 }, me.token)).body.data).toEqual({
      list: [],
      total: 0,
      cnt: 0,
    });
  });

  it('needs a login for every panel', async () => {
    expect((await call(t, contract.dashboard.home, undefined)).body.status).toBe(50014);
    expect((await call(t, contract.dashboard.todoCounts, undefined)).body.status).toBe(50014);
  });
});

describe('time left until a deadline', () => {
  const now = new Date('2026-11-21T09:00:00Z');
  it('counts days and hours, and says when it is overdue', () => {
    expect(timeLeft(new Date('2026-11-24T13:30:00Z'), now, 'ja')).toBe('3日4時間');
    expect(timeLeft(new Date('2026-11-21T05:00:00Z'), now, 'ja')).toBe('超過 0日4時間');
    expect(timeLeft(new Date('2026-11-22T10:00:00Z'), now, 'en')).toBe('1d 1h');
    expect(timeLeft(null, now, 'ja')).toBeNull();
  });
});
