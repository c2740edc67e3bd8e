import { inviteScopeOf } from '@koma/shared/constants';
import { describe, expect, it } from 'vitest';
import { scopeOptions, WHOLE_PROJECT } from './scope-options';

const chapters = [
  { id: 11, title: '第1話' },
  { id: 12, title: '第2話' },
];
const values = (scope?: Parameters<typeof scopeOptions>[2]) =>
  scopeOptions(chapters, '全体', scope).map((o) => o.value);

describe('the scopes the invite dialog offers', () => {
  it('are the whole project and every chapter to the founder, and before the scope is known', () => {
    expect(values(inviteScopeOf({ isFounder: true, isEditor: false, parts: [] }))).toEqual([
      WHOLE_PROJECT,
      11,
      12,
    ]);
    expect(values(undefined)).toEqual([WHOLE_PROJECT, 11, 12]);
  });

  it('are every scope to a member holding a part for the whole project', () => {
    const parts = [{ chapterId: 12 }, { chapterId: null }];
    expect(values(inviteScopeOf({ isFounder: false, isEditor: false, parts }))).toEqual([
      WHOLE_PROJECT,
      11,
      12,
    ]);
  });

  it('are only their chapters to a member of some chapters, never the whole project', () => {
    const parts = [{ chapterId: 12 }];
    expect(values(inviteScopeOf({ isFounder: false, isEditor: false, parts }))).toEqual([12]);
  });
});
