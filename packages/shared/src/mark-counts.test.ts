import { describe, expect, it } from 'vitest';
import { MESSAGES } from './i18n/messages.js';
import { markCountsOf, markCountsText } from './mark-counts.js';

describe('markCountsText', () => {
  it('says every state, in the state words of the reader’s language', () => {
    const counts = markCountsOf([{ state: 'open' }, { state: 'open' }, { state: 'resolved' }]);
    expect(counts).toEqual({ open: 2, resolved: 1, confirmed: 0 });
    expect(markCountsText(counts, (key) => MESSAGES.ja[key])).toBe('未対応 2・対応済み 1・確認済み 0');
    expect(markCountsText(counts, (key) => MESSAGES.en[key])).toBe('Open 2 · Resolved 1 · Confirmed 0');
  });
});
