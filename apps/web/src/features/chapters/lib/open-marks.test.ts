import ja from '@koma/shared/i18n/ja/ui-app.json';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { approvalMarksText, openMarksTitle } from './open-marks';

/** The Japanese text with its {{count}} filled in, as i18next does. */
const t = ((key: string, opts: { count: number }) => {
  const texts: Record<string, string> = {
    'chapterDetails.openMarksConfirm': ja.chapterDetails.openMarksConfirm,
    'chapterDetails.resolvedMarksNote': ja.chapterDetails.resolvedMarksNote,
  };
  return texts[key]?.replace('{{count}}', String(opts.count)) ?? key;
}) as unknown as TFunction;

describe('approving over open red-pen marks (docs/marks.md)', () => {
  it('leads the approval with how many marks are open', () => {
    expect(openMarksTitle(2, t)).toEqual({ title: '未対応の赤入れが2件あります。承認しますか？' });
  });

  it('changes nothing when no mark is open', () => {
    expect(openMarksTitle(0, t)).toEqual({});
  });
});

describe('approving over resolved marks not yet confirmed (issue 30)', () => {
  it('says how many wait for confirmation after the question', () => {
    expect(approvalMarksText('承認しますか？', 3, t)).toBe(
      '承認しますか？\n対応済みで未確認の赤入れが3件あります。',
    );
  });

  it('leaves the question as it was when none waits', () => {
    expect(approvalMarksText('承認しますか？', 0, t)).toBe('承認しますか？');
  });
});
