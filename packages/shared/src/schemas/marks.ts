import { z } from 'zod';
import {
  DEFAULT_MARK_COLOR,
  MARK_COLORS,
  type MarkColor,
  MarkShapeType,
  MarkSheetFilter,
  MarkState,
} from '../enums.js';
import { LIMITS } from '../limits.js';
import { rowId } from './common.js';

/**
 * Red-pen marks on page revisions (docs/marks.md). A mark's shape is in the pixel space of the
 * revision's original (x right, y down, from its top-left corner), so it stays in place at every
 * zoom and on every rendition; the server checks it lies within the original.
 */
const id = rowId();
const coord = z.number({ error: 'markShapeInvalid' }).finite({ error: 'markShapeInvalid' });
const size = coord.positive({ error: 'markShapeInvalid' });
const point = z.tuple([coord, coord], { error: 'markShapeInvalid' });
const box = { x: coord, y: coord, w: size, h: size };
const words = (max: number, tooLong: string) =>
  z.string({ error: 'requiredField' }).trim().min(1, { error: 'requiredField' }).max(max, { error: tooLong });

export const markShape = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal(MarkShapeType.PEN),
      points: z
        .array(point, { error: 'markShapeInvalid' })
        .min(2, { error: 'markShapeInvalid' })
        .max(LIMITS.markPointsMax, { error: 'markTooManyPoints' }),
    }),
    z.object({ type: z.literal(MarkShapeType.RECT), ...box }),
    /** The ellipse inscribed in the box. */
    z.object({ type: z.literal(MarkShapeType.ELLIPSE), ...box }),
    /** From the tail to the head. */
    z.object({ type: z.literal(MarkShapeType.ARROW), from: point, to: point }),
    /** Words written on the page, their top-left corner at (x, y). */
    z.object({
      type: z.literal(MarkShapeType.TEXT),
      x: coord,
      y: coord,
      text: words(LIMITS.markTextMax, 'markTextTooLong'),
    }),
  ],
  { error: 'markShapeInvalid' },
);
export type MarkShape = z.infer<typeof markShape>;

const markColor = z.enum(Object.keys(MARK_COLORS) as [MarkColor, ...MarkColor[]], {
  error: 'markColorInvalid',
});
const comment = words(LIMITS.markCommentMax, 'markCommentTooLong');

/** The marks of a page: of one revision, or of all of them when `revisionId` is left out. */
export const marksListBody = z.object({ projectId: id, pageId: id, revisionId: id.optional() });
export type MarksListBody = z.input<typeof marksListBody>;

/** A new mark on a revision (the upload id the viewer names it by, docs/viewer.md). */
export const markAddBody = z.object({
  projectId: id,
  pageId: id,
  revisionId: id,
  shape: markShape,
  color: markColor.default(DEFAULT_MARK_COLOR),
  comment,
});
export type MarkAddBody = z.input<typeof markAddBody>;

export const markRef = z.object({ projectId: id, markId: id });
export const markReplyBody = markRef.extend({ content: comment });

const person = z.object({ id: z.number(), nickname: z.string() });

export const markReply = z.object({
  id: z.number(),
  author: person,
  content: z.string(),
  created_at: z.string(),
});

/**
 * One mark as the viewer draws it: a W3C Web Annotation in all but name (docs/marks.md): its
 * target is `revision_id` with `shape` as the selector, its body the comment and the replies.
 */
export const markData = z.object({
  id: z.number(),
  /** The pin's number, per page: 1, 2, 3… in the order the marks were made. */
  num: z.number(),
  page_id: z.number(),
  /** Null once the revision's file was replaced (a storyboard page keeps only its latest file). */
  revision_id: z.number().nullable(),
  /** The step whose revision it was drawn on; null on the storyboard (ネーム) file. */
  step_id: z.number().nullable(),
  shape: markShape,
  color: markColor,
  comment: z.string(),
  state: z.enum([MarkState.OPEN, MarkState.RESOLVED, MarkState.CONFIRMED]),
  author: person,
  created_at: z.string(),
  /** Who last changed the state, and when; null while it was never changed. */
  state_by: person.nullable(),
  state_at: z.string().nullable(),
  replies: z.array(markReply),
});
export type MarkData = z.infer<typeof markData>;

export const markCounts = z.object({ open: z.number(), resolved: z.number(), confirmed: z.number() });

/**
 * A page's marks. Asked for one revision, the reply also holds the ghosts (the marks not yet
 * confirmed on the earlier revisions of the same step, or of the storyboard, drawn over this one
 * where they were)
 * and what the caller may do on this revision: draw, confirm and reopen (`judge`), resolve (`resolve`).
 */
export const marksListData = z.object({
  marks: z.array(markData),
  counts: markCounts,
  ghosts: z.array(markData),
  may: z.object({ judge: z.boolean(), resolve: z.boolean() }),
  /**
   * The chapter is 校了: its marks are its record and nobody may add, change or remove one
   * (docs/marks.md, "A 校了 chapter"); the viewer says so instead of offering what would be refused.
   */
  locked: z.boolean(),
});
export type MarksListData = z.infer<typeof marksListData>;

/** The state the caller's screen shows: a change applies only if the mark is still in it. */
export const markMoveBody = markRef.extend({
  state: z.enum([MarkState.OPEN, MarkState.RESOLVED, MarkState.CONFIRMED], { error: 'invalidValue' }),
});
export type MarkMoveBody = z.input<typeof markMoveBody>;

/**
 * A correction sheet (docs/marks.md, "Correction sheets"): the marks of one page (`pageId`) or of a
 * whole chapter (`chapterId`), exactly one of the two, the open ones or all.
 */
const sheetShape = {
  projectId: id,
  pageId: id.optional(),
  chapterId: id.optional(),
  which: z.enum([MarkSheetFilter.OPEN, MarkSheetFilter.ALL], { error: 'invalidValue' }),
};
const onePageOrChapter = (v: { pageId?: number | undefined; chapterId?: number | undefined }) =>
  (v.pageId === undefined) !== (v.chapterId === undefined);

export const markSheetBody = z.object(sheetShape).refine(onePageOrChapter, { error: 'invalidValue' });
export type MarkSheetBody = z.input<typeof markSheetBody>;

/** GET of the sheet itself, behind the signed link `marks.sheetLink` answers. */
export const markSheetQuery = z
  .object({
    ...sheetShape,
    // Who asked for the link (signed with it): their running downloads are counted.
    by: id.optional(),
    exp: z.string().max(20).optional(),
    sig: z.string().max(100).optional(),
  })
  .refine(onePageOrChapter, { error: 'invalidValue' });

const inside = (v: number, limit: number) => v >= 0 && v <= limit;

/** True when every point of the shape lies on the original (`width` × `height` pixels). */
export function markWithin(shape: MarkShape, width: number, height: number): boolean {
  const on = ([x, y]: readonly [number, number]) => inside(x, width) && inside(y, height);
  switch (shape.type) {
    case MarkShapeType.PEN:
      return shape.points.every(on);
    case MarkShapeType.ARROW:
      return on(shape.from) && on(shape.to);
    case MarkShapeType.TEXT:
      return on([shape.x, shape.y]);
    default:
      return on([shape.x, shape.y]) && on([shape.x + shape.w, shape.y + shape.h]);
  }
}
