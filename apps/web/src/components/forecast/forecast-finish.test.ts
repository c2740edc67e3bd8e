import ja from '@koma/shared/i18n/ja/ui-app.json';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { finishText } from './forecast-finish';

/** The Japanese schedule texts with their {{…}} filled in, as i18next does. */
const t = ((key: string, opts: Record<string, string> = {}) => {
  const text = (ja.schedule as Record<string, string>)[key.replace('schedule.', '')] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => opts[name] ?? '');
}) as unknown as TFunction;

const forecast = { finish_on: '2026-12-04', finish_earliest: '2026-12-03', finish_latest: '2026-12-06' };

describe('the expected finish day (docs/schedule.md)', () => {
  it('is one day once every pace is the team’s own', () => {
    expect(finishText({ ...forecast, confident: true }, t)).toBe('2026/12/04');
  });

  it('is a rough guide with its range while the history is short', () => {
    expect(finishText({ ...forecast, confident: false }, t)).toBe(
      '2026/12/04（実績が少ないため目安：2026/12/03〜2026/12/06）',
    );
  });

  it('is a rough guide without a range when the spread does not move it', () => {
    const same = { finish_on: '2026-12-04', finish_earliest: '2026-12-04', finish_latest: '2026-12-04' };
    expect(finishText({ ...same, confident: false }, t)).toBe('2026/12/04（実績が少ないため目安）');
  });
});
