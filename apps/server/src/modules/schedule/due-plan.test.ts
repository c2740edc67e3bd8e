import { describe, expect, it } from 'vitest';
import { planDueDays } from './due-plan.js';

const step = (key: string, dueOn: string | null = null, keep = false) => ({ key, keep, dueOn });

describe('due days planned backwards from the check deadline', () => {
  it('puts every page’s last step the buffer before the deadline and shares the days out over the chain', () => {
    // 2026-12-01 to 2026-12-31 less 2 days: 28 days over 4 steps, 7 days a step.
    const due = planDueDays(
      [
        [step('p1-pencils'), step('p1-inks'), step('p1-tones'), step('p1-letters')],
        [step('p2-inks'), step('p2-letters')],
      ],
      '2026-12-01',
      '2026-12-31',
      2,
    );
    expect(Object.fromEntries(due)).toEqual({
      'p1-pencils': '2026-12-08',
      'p1-inks': '2026-12-15',
      'p1-tones': '2026-12-22',
      'p1-letters': '2026-12-29',
      'p2-inks': '2026-12-22',
      'p2-letters': '2026-12-29',
    });
  });

  it('keeps the days the founder moved and plans the rest', () => {
    const due = planDueDays([[step('a', '2026-12-20', true), step('b')]], '2026-12-01', '2026-12-31', 0);
    expect(Object.fromEntries(due)).toEqual({ b: '2026-12-31' });
  });

  it('plans a deadline already too close on its last possible day rather than in the past of today', () => {
    const due = planDueDays([[step('a'), step('b'), step('c')]], '2026-12-30', '2026-12-31', 2);
    // The buffer's day (12-29) is already past: every step is due then, and the forecast says late.
    expect([...due.values()]).toEqual(['2026-12-29', '2026-12-29', '2026-12-29']);
  });
});
