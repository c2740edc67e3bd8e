import { TodoType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { call } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TODO_RULES } from './todo-registry.js';

/** The to-do table of docs/states.md, top to bottom: the order of the dashboard's tiles. */
const TABLE_ORDER = [13, 2, 4, 14, 25, 21, 23, 28, 29, 26, 27, 12, 11, 15];

describe('the to-do tiles', () => {
  it('are listed by the dashboard itself, before and whatever any app registers', () => {
    expect(TODO_RULES.map((rule) => rule.type)).toEqual(TABLE_ORDER);
  });

  it('come in the order of the to-do table, every type once', async () => {
    const t: TestApp = await createTestApp();
    onTestFinished(() => t.close());
    expect([...TABLE_ORDER].sort()).toEqual(Object.values(TodoType).sort());
    const me = await person(t, 'creator');
    const list = (await call(t, contract.dashboard.todoCounts, undefined, me.token)).body.data.list;
    expect(list.map((i) => i.type)).toEqual(TABLE_ORDER);
  });
});
