import type { ChapterDetails } from '@koma/shared/schemas';

/** Who reads a chapter's status line: the founder who asked, the editor who decided, the team. */
export type StatusReader = 'founder' | 'editor' | 'team';

/**
 * Whose words a status line is in (issue 40): the editor who sent a storyboard or the final
 * audit back reads that she did; the founder reads that the editor did; the rest of the team too.
 */
export function readerOf(viewer: ChapterDetails['viewer']): StatusReader {
  if (viewer.is_editor) return 'editor';
  return viewer.is_founder ? 'founder' : 'team';
}
