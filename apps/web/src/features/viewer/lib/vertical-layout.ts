/**
 * A vertical (webtoon) chapter as one column (docs/viewer.md): every page is one unit wide and as
 * tall as its original's height over width, stacked top to bottom, so the whole chapter is placed
 * from the list's sizes before a single page is loaded.
 */
export interface PageBox {
  top: number;
  height: number;
}

export interface ColumnLayout {
  boxes: PageBox[];
  height: number;
}

/** A printed manga page (B5, 182 × 257 mm): the height given to a page whose size is not known yet. */
export const DEFAULT_ASPECT = 257 / 182;

/**
 * The column of pages, each `aspects[i]` (height over width) tall; a page of unknown size takes its
 * nearest earlier known neighbour's height, as pages of one chapter share a size.
 */
export function columnOf(aspects: readonly (number | null)[]): ColumnLayout {
  const boxes: PageBox[] = [];
  let top = 0;
  let last = aspects.find((a) => a !== null && a > 0) ?? DEFAULT_ASPECT;
  for (const aspect of aspects) {
    const height = aspect !== null && aspect > 0 ? aspect : last;
    last = height;
    boxes.push({ top, height });
    top += height;
  }
  return { boxes, height: top };
}

/** The first page whose bottom is below `y` (the page at `y`), or the last page. */
export function pageAt(boxes: readonly PageBox[], y: number): number {
  let low = 0;
  let high = boxes.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    const box = boxes[mid] as PageBox;
    if (box.top + box.height <= y) low = mid + 1;
    else high = mid;
  }
  return Math.max(0, low);
}

/** The pages that reach into the band from `top` to `bottom`. */
export function pagesIn(boxes: readonly PageBox[], top: number, bottom: number): number[] {
  const pages: number[] = [];
  for (let i = pageAt(boxes, top); i < boxes.length; i++) {
    const box = boxes[i] as PageBox;
    if (box.top >= bottom) break;
    pages.push(i);
  }
  return pages;
}

/** The current page: the one filling most of the view (the upper one on a tie). */
export function currentPage(boxes: readonly PageBox[], top: number, bottom: number): number {
  let best = pageAt(boxes, top);
  let bestShown = -1;
  for (const i of pagesIn(boxes, top, bottom)) {
    const box = boxes[i] as PageBox;
    const shown = Math.min(bottom, box.top + box.height) - Math.max(top, box.top);
    if (shown > bestShown + 1e-9) {
      best = i;
      bestShown = shown;
    }
  }
  return best;
}

export type ScrollStep = 'screenDown' | 'screenUp' | 'pageDown' | 'pageUp' | 'start' | 'end';

/** What a key does in the vertical column, or null: arrows go a screen, Page keys and Space a page. */
export function scrollOfKey(key: string, shift: boolean): ScrollStep | null {
  const steps: Record<string, ScrollStep> = {
    ArrowDown: 'screenDown',
    ArrowUp: 'screenUp',
    PageDown: 'pageDown',
    PageUp: 'pageUp',
    ' ': shift ? 'pageUp' : 'pageDown',
    Home: 'start',
    End: 'end',
  };
  return steps[key] ?? null;
}

/** Below this (a share of a page's width) the view counts as already at a page's top. */
const AT_TOP = 0.001;

/**
 * The top the view moves to for a Page key: the next page's top, or the top of the page the view
 * is in (the previous page's when already there), as a book reader would turn it.
 */
export function pageStepTop(boxes: readonly PageBox[], viewTop: number, down: boolean): number {
  if (boxes.length === 0) return 0;
  const at = pageAt(boxes, viewTop + AT_TOP);
  const box = boxes[at] as PageBox;
  if (down) return boxes[at + 1]?.top ?? box.top + box.height;
  if (viewTop - box.top > AT_TOP) return box.top;
  return (boxes[at - 1] ?? box).top;
}
