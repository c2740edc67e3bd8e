import { describe, expect, it } from 'vitest';
import { olderNewer } from './revision-order';

const [a, b, c] = [{ id: 7 }, { id: 3 }, { id: 9 }];
const revisions = [a, b, c];

describe('olderNewer', () => {
  it('puts the revision handed in first first, whichever is on screen', () => {
    expect(olderNewer(revisions, c, a).map((r) => r.id)).toEqual([7, 9]);
    expect(olderNewer(revisions, a, c).map((r) => r.id)).toEqual([7, 9]);
  });

  it('orders by the page order, not by id', () => {
    expect(olderNewer(revisions, b, a).map((r) => r.id)).toEqual([7, 3]);
  });
});
