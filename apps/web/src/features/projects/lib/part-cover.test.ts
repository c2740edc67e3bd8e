import { describe, expect, it } from 'vitest';
import { stepsLeftUncovered } from './part-cover';

const step = (pos_id: number, chapter_id: number) => ({ pos_id, chapter_id });

describe('the steps a change of part leaves without their owner', () => {
  const chapterOne = { posId: 5, chapterId: 1 };

  it('are the steps of the part given up that nothing else covers', () => {
    const parts = [chapterOne, { posId: 6, chapterId: 1 }];
    const steps = [step(5, 1), step(6, 1)];
    expect(stepsLeftUncovered(steps, parts, chapterOne, { posId: 7, chapterId: 1 })).toEqual([step(5, 1)]);
  });

  it('are none when the new part still covers them (the same position, wider)', () => {
    expect(stepsLeftUncovered([step(5, 1)], [chapterOne], chapterOne, { posId: 5, chapterId: null })).toEqual(
      [],
    );
  });

  it('are none when another part the member keeps covers them', () => {
    const parts = [chapterOne, { posId: 5, chapterId: null }];
    expect(stepsLeftUncovered([step(5, 1)], parts, chapterOne, { posId: 6, chapterId: 2 })).toEqual([]);
  });

  it('count a narrower scope: the whole project turned into another chapter', () => {
    const whole = { posId: 5, chapterId: null };
    expect(stepsLeftUncovered([step(5, 1), step(5, 2)], [whole], whole, { posId: 5, chapterId: 2 })).toEqual([
      step(5, 1),
    ]);
  });
});
