import { describe, expect, it } from 'vitest';
import { olderNewer } from './revision-order';

const revisions = [{ id: 7 }, { id: 3 }, { id: 9 }];

describe('olderNewer', () => {
  it('puts the revision handed in first first, whichever is on screen', () => {
    expect(olderNewer(revisions, revisions[2], revisions[0]).map((r) => r.id)).toEqual([7, 9]);
    expect(olderNewer(revisions, revisions[0], revisions[2]).map((r) => r.id)).toEqual([7, 9]);
  });

  it('orders by the page order, not by id', () => {
    expect(olderNewer(revisions, revisions[1], revisions[0]).map((r) => r.id)).toEqual([7, 3]);
  });
});
