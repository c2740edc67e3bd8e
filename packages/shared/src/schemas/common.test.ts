import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowId, wholeNumber } from './common.js';

describe('whole numbers in a request', () => {
  const days = wholeNumber(z.number().int({ error: 'bad' }).min(0, { error: 'bad' }), 'bad');

  it('takes a number, or its decimal digits as a query string sends them', () => {
    expect(days.parse(3)).toBe(3);
    expect(days.parse('12')).toBe(12);
    expect(days.parse(0)).toBe(0);
  });

  it('refuses what z.coerce.number would read as 0 or 1, with the field’s message', () => {
    for (const bad of [null, '', ' ', true, false, [], {}, '1e1', '0x10', ' 3', '3 ', 2.5, -1, Number.NaN]) {
      const result = days.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message, JSON.stringify(bad)).toBe('bad');
    }
  });

  it('reads ids the same way: positive and within the id range', () => {
    expect(rowId().parse('7')).toBe(7);
    for (const bad of [0, true, null, '', 2 ** 53]) expect(rowId().safeParse(bad).success).toBe(false);
  });
});
