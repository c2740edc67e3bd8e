/** A part a member holds: a position, for the whole project (chapterId null) or one chapter. */
export interface Part {
  posId: number;
  chapterId: number | null;
}

export const samePart = (a: Part, b: Part) => a.posId === b.posId && a.chapterId === b.chapterId;

/** Whether a part lets its holder keep a step: same position, and the whole project or the step's chapter. */
const covers = (part: Part, step: { pos_id: number; chapter_id: number }) =>
  part.posId === step.pos_id && (part.chapterId === null || part.chapterId === step.chapter_id);

/**
 * The open steps a member would lose by turning `from` into `to`: those no part they would still
 * hold covers. The server refuses the change while any is left (docs/access.md, "Changing a part");
 * the dialog lists them first, to be handed over.
 */
export function stepsLeftUncovered<S extends { pos_id: number; chapter_id: number }>(
  steps: readonly S[],
  parts: readonly Part[],
  from: Part,
  to: Part,
): S[] {
  const kept = [...parts.filter((p) => !samePart(p, from)), to];
  return steps.filter((step) => !kept.some((part) => covers(part, step)));
}
