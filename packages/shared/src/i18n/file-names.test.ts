import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.js';
import { madeFileName } from './file-names.js';

const file = { series: '星降る町の図書館', chapterNum: 3, kind: 'corrections', ext: 'pdf' } as const;
const utf8 = (text: string) => new TextEncoder().encode(text).length;

describe('the name of a file Koma makes', () => {
  it('is 作品名_第N話_種類 in the reader’s language', () => {
    expect(madeFileName(file, 'ja')).toBe('星降る町の図書館_第3話_赤入れ.pdf');
    expect(madeFileName(file, 'zh')).toBe('星降る町の図書館_第3话_批注.pdf');
    expect(madeFileName(file, 'en')).toBe('星降る町の図書館_Chapter 3_corrections.pdf');
    expect(madeFileName({ ...file, kind: 'delivery', ext: 'zip' }, 'ja')).toBe(
      '星降る町の図書館_第3話_入稿データ.zip',
    );
    expect(madeFileName({ ...file, kind: 'pages', ext: 'zip' }, 'en')).toBe(
      '星降る町の図書館_Chapter 3_manuscript.zip',
    );
    expect(madeFileName({ ...file, page: 12 }, 'ja')).toBe('星降る町の図書館_第3話_12ページ_赤入れ.pdf');
  });

  it('replaces what Windows and macOS refuse, and control and direction marks', () => {
    const series = 'a/b\\c:d*e?f"g<h>i|j\u0007k\u202El\tm';
    expect(madeFileName({ ...file, series }, 'ja')).toBe('a_b_c_d_e_f_g_h_i_j_k_l m_第3話_赤入れ.pdf');
  });

  it('never starts or ends the series with a dot or a space, nor leaves an empty part', () => {
    expect(madeFileName({ ...file, series: ' ..月の庭.  ' }, 'ja')).toBe('月の庭_第3話_赤入れ.pdf');
    expect(madeFileName({ ...file, series: ' . ' }, 'ja')).toBe('第3話_赤入れ.pdf');
  });

  it('cuts a long series title on a whole character, well under the 255 bytes a disk allows', () => {
    const series = '😀'.repeat(LIMITS.projectTitleMax);
    const name = madeFileName({ ...file, series, page: 999, kind: 'delivery', ext: 'zip' }, 'ja');
    expect(name).toBe(
      `${'😀'.repeat(Math.floor(LIMITS.fileNameSeriesBytes / 4))}_第3話_999ページ_入稿データ.zip`,
    );
    expect(utf8(name)).toBeLessThan(255);
  });
});
