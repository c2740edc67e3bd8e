import { MARK_STATES, type MarkState } from './enums.js';
import type { MessageKey } from './i18n/messages.js';

export type MarkCounts = Record<MarkState, number>;

const STATE_WORD: Record<MarkState, MessageKey> = {
  open: 'sheetStateOpen',
  resolved: 'sheetStateResolved',
  confirmed: 'sheetStateConfirmed',
};

/**
 * "未対応 2・対応済み 1・確認済み 0": marks counted by state, in the one wording every screen and
 * the correction sheet use (issue 30, docs/marks.md). `word` reads a server message in the
 * reader's language: MESSAGES[lang][key] on the server, t(`validation.${key}`) in the browser.
 */
export function markCountsText(counts: MarkCounts, word: (key: MessageKey) => string): string {
  return MARK_STATES.map((state) => `${word(STATE_WORD[state])} ${counts[state]}`).join(
    word('markCountsJoin'),
  );
}

/** The counts of a list of marks, by state. */
export function markCountsOf(marks: readonly { state: MarkState }[]): MarkCounts {
  const counts: MarkCounts = { open: 0, resolved: 0, confirmed: 0 };
  for (const mark of marks) counts[mark.state] += 1;
  return counts;
}
