import { describe, expect, it } from 'vitest';
import { computeRoles, hasAnyRole, parseRoles, roleString } from './roles.js';

describe('roles derived from the account (docs/accounts.md)', () => {
  it.each([
    ['a creator who writes the original only', 1, [1], [1]],
    ['an editor', 2, [], [2]],
    ['a creator who wants to be main artist', 1, [2], [1, 4]],
    ['a creator who wants storyboard work', 1, [3], [1, 3]],
    ['a creator who wants assistant work', 1, [6, 9], [1, 5]],
    ['a translator', 1, [14], [1, 6]],
    ['a creator who wants project and chapter work', 1, [4, 7], [1, 3, 5, 7]],
    ['a main artist who also translates', 1, [2, 14], [1, 4, 6, 7]],
  ])('%s', (_, loginattr, positions, expected) => {
    expect(computeRoles(loginattr, positions)).toEqual(expected);
  });

  it('round-trips the comma-separated role string', () => {
    expect(parseRoles(roleString([1, 4, 7]))).toEqual([1, 4, 7]);
    expect(parseRoles('')).toEqual([]);
    expect(parseRoles(' 2, x,3')).toEqual([2, 3]);
  });

  it('shows untagged menu entries to everyone and tagged ones to holders only', () => {
    expect(hasAnyRole([5], undefined)).toBe(true);
    expect(hasAnyRole([5], [1, 2])).toBe(false);
    expect(hasAnyRole([2, 5], [1, 2])).toBe(true);
  });
});
