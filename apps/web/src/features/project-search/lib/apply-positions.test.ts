import { describe, expect, it } from 'vitest';
import { applicablePositions, similarityPercent } from './apply-positions';

describe('applicablePositions', () => {
  const recruited = [
    { id: 2, name: 'メイン作画' },
    { id: 3, name: 'ネーム' },
    { id: 2, name: 'メイン作画' },
  ];
  it('offers only recruited positions that are the user’s own', () => {
    expect(applicablePositions(recruited, [3, 6])).toEqual([{ id: 3, name: 'ネーム' }]);
    expect(applicablePositions(recruited, [2])).toEqual([{ id: 2, name: 'メイン作画' }]);
    expect(applicablePositions(recruited, [6])).toEqual([]);
    expect(applicablePositions([], [2])).toEqual([]);
  });
});

describe('similarityPercent', () => {
  it('rounds up', () => {
    expect(similarityPercent(0.421)).toBe(43);
    expect(similarityPercent(1)).toBe(100);
    expect(similarityPercent(0)).toBe(0);
  });
});
