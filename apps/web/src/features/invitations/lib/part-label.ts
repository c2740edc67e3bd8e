import type { TFunction } from 'i18next';

/** A part as the screens name it: 背景デザイン（第1話）, or （プロジェクト全体） for the whole project. */
export function partLabel(t: TFunction, part: { position: string; chapter_title: string | null }): string {
  return t('invitations.part', {
    position: part.position,
    scope: part.chapter_title ?? t('project.team.wholeProject'),
  });
}
