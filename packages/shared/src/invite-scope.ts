/**
 * Which parts an inviter may offer (docs/access.md, "Inviting"): the same rule on the server,
 * which refuses the rest, and in the web's invite dialog, which offers only these.
 */

/** Every part of the project, or a part in one of these chapters only. */
export type InviteScope = { wholeProject: true } | { wholeProject: false; chapterIds: number[] };

/**
 * The founder and the editor in charge work on every chapter, and so does a member holding a part
 * for the whole project; a member holding only chapter parts may offer parts in those chapters.
 */
export function inviteScopeOf(inviter: {
  isFounder: boolean;
  isEditor: boolean;
  parts: readonly { chapterId: number | null }[];
}): InviteScope {
  if (inviter.isFounder || inviter.isEditor || inviter.parts.some((p) => p.chapterId === null))
    return { wholeProject: true };
  const chapterIds = [...new Set(inviter.parts.map((p) => p.chapterId as number))];
  return { wholeProject: false, chapterIds };
}

/** Whether the scope holds a part: a part for the whole project needs the whole project. */
export function scopeHolds(scope: InviteScope, part: { chapterId: number | null }): boolean {
  if (scope.wholeProject) return true;
  return part.chapterId !== null && scope.chapterIds.includes(part.chapterId);
}
