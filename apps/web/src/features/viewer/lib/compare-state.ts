import type { ViewerRevision } from './viewer-page';

/** The three ways of comparing two revisions of a page (docs/viewer.md, "Compare revisions"). */
export const COMPARE_MODES = ['side', 'onion', 'diff'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** Compare mode as the link names it: the revision set against the one on screen, and how. */
export interface CompareState {
  /** The other revision (an upload id of the same page); the one before the shown one when null. */
  otherId: number | null;
  mode: CompareMode;
}

/** A mode named in a link, or side by side for anything else (a hand-edited or older link). */
export function compareModeOf(value: string | null | undefined): CompareMode {
  return COMPARE_MODES.find((mode) => mode === value) ?? 'side';
}

/**
 * The revision compared with `base`: the one asked for when it is another revision of the page,
 * else the one before `base` (pencils against inks), else the one after it (`base` is the oldest).
 */
export function otherRevisionOf(
  revisions: readonly ViewerRevision[],
  base: ViewerRevision | undefined,
  otherId: number | null,
): ViewerRevision | undefined {
  const asked = revisions.find((r) => r.id === otherId && r.id !== base?.id);
  if (asked) return asked;
  const at = revisions.findIndex((r) => r.id === base?.id);
  if (at < 0) return revisions.at(-2);
  return revisions[at - 1] ?? revisions[at + 1];
}

/** What a key does while comparing; null for keys left to the viewer (zoom) or to the page. */
export type CompareKeyAction = 'leave' | 'flip' | CompareMode | 'swallow';

/**
 * The compare keys (docs/viewer.md's key table). The page-turning keys are swallowed: a turn would
 * leave the comparison for another page by accident; the strip still turns pages on purpose.
 */
export function compareKeyAction(key: string): CompareKeyAction | null {
  switch (key.toLowerCase()) {
    case 'escape':
      return 'leave';
    case 'f':
    case 'x':
      return 'flip';
    case 'v':
      return 'side';
    case 'o':
      return 'onion';
    case 'd':
      return 'diff';
    case 'arrowleft':
    case 'arrowright':
    case 'pageup':
    case 'pagedown':
    case 's':
      return 'swallow';
    default:
      return null;
  }
}
