import type { Language, MarkSheetFilter, MarkState } from '../enums.js';
import { interpolate } from './interpolate.js';
import { MESSAGES } from './messages.js';

/**
 * The words printed on a correction sheet (docs/marks.md, "Correction sheets"), in the reader's
 * language: kept with the other server texts so the sheet and the screens say the same.
 */
export function sheetTexts(lang: Language) {
  const m = MESSAGES[lang];
  const states: Record<MarkState, string> = {
    open: m.sheetStateOpen,
    resolved: m.sheetStateResolved,
    confirmed: m.sheetStateConfirmed,
  };
  const filters: Record<MarkSheetFilter, string> = { open: m.sheetFilterOpen, all: m.sheetFilterAll };
  return {
    title: m.sheetTitle,
    noPreview: m.sheetNoPreview,
    page: (num: number) => interpolate(m.sheetPage, { num }),
    continued: (page: string) => interpolate(m.sheetContinued, { page }),
    state: (state: MarkState) => states[state],
    filter: (which: MarkSheetFilter) => filters[which],
  };
}
export type SheetTexts = ReturnType<typeof sheetTexts>;
