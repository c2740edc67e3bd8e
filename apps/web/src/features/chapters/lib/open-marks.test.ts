import ja from '@koma/shared/i18n/ja/ui-app.json';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { openMarksTitle } from './open-marks';

/** The Japanese text with its {{count}} filled in, as i18next does. */
const t = ((key: string, opts: { count: number }) =>
  key === 'chapterDetails.openMarksConfirm'
    ? ja.chapterDetails.openMarksConfirm.replace('{{count}}', String(opts.count))
    : key) as unknown as TFunction;

describe('approving over open red-pen marks (docs/marks.md)', () => {
  it('leads the approval with how many marks are open', () => {
    expect(openMarksTitle(2, t)).toEqual({ title: '未対応の赤入れが2件あります。承認しますか？' });
  });

  it('changes nothing when no mark is open', () => {
    expect(openMarksTitle(0, t)).toEqual({});
  });
});
