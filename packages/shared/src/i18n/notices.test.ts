import { describe, expect, it } from 'vitest';
import { NoticeKind } from '../enums.js';
import { noticeText } from './notices.js';
import { SERVER_TEXTS } from './resources.js';

describe('a notice names who acted', () => {
  const params = { project: '月の庭', chapter: '第1話', page: 3, posId: 2 };

  it('in each language, when it was stored with their nickname', () => {
    const named = { ...params, nickname: '桜井 さくら' };
    expect(noticeText(NoticeKind.WORK_APPROVED, named, 'ja')).toBe(
      '桜井 さくらさんが「月の庭」第1話 3ページのメイン作画を承認しました',
    );
    expect(noticeText(NoticeKind.WORK_APPROVED, named, 'zh')).toMatch(/^桜井 さくら通过了「月の庭」第1话?/);
    expect(noticeText(NoticeKind.WORK_APPROVED, named, 'en')).toMatch(/^桜井 さくら approved /);
  });

  it('and a notice stored before it did reads as it did then, never with a bare placeholder', () => {
    expect(noticeText(NoticeKind.WORK_APPROVED, params, 'ja')).toBe(
      '「月の庭」第1話 3ページのメイン作画が承認されました',
    );
    // The kinds that name their actor since issue 30; the others always stored the nickname.
    const named = Object.keys(SERVER_TEXTS.ja.notices.unnamed);
    expect(named).toContain(NoticeKind.MARK_ADDED);
    for (const lang of ['ja', 'zh', 'en'] as const)
      for (const kind of named) expect(noticeText(kind, params, lang), `${lang} ${kind}`).not.toContain('{{');
  });
});
