import type { MarkShape } from '@koma/shared';
import type { Db } from '../../apps/server/src/db/client.js';
import { pageMarkReplies, pageMarks } from '../../apps/server/src/modules/marks/marks.table.js';

/**
 * Mark `i` of a bench page, in the pixels of a B4 600-dpi original (6071 × 8598): the five kinds
 * in turn, spread over the page. A pen stroke is a 400 px wavy line of `penPoints` points, as
 * the viewer samples a drag (2–8 px apart).
 */
export function benchShape(i: number, penPoints = 50): MarkShape {
  const x = 300 + ((i * 523) % 5000);
  const y = 300 + ((i * 811) % 7500);
  const step = 400 / penPoints;
  const shapes: MarkShape[] = [
    { type: 'rect', x, y, w: 400, h: 300 },
    { type: 'ellipse', x, y, w: 500, h: 350 },
    { type: 'arrow', from: [x, y], to: [x + 400, y - 200] },
    {
      type: 'pen',
      points: Array.from({ length: penPoints }, (_, k) => [
        Math.round(x + k * step),
        y + Math.round(40 * Math.sin((k * step) / 32)),
      ]),
    },
    { type: 'text', x, y, text: 'ここ修正' },
  ];
  return shapes[i % shapes.length] as MarkShape;
}

/** A reviewer's comment as they write them, numbered so no two are alike. */
export const benchComment = (i: number) => `トーンが抜けています。吹き出しの向きを逆にしてください（${i}）`;

export interface MarkedRevision {
  pageId: number;
  uploadId: number;
  authorId: number;
}

export interface SeedMarksOptions {
  /** The points of pen stroke `i` (default 50). */
  penPoints?: (i: number) => number;
  /** Thirds open, resolved (by the author) and confirmed, as a page half way through its review. */
  mixedStates?: boolean;
}

const STATES = ['open', 'resolved', 'confirmed'] as const;

/** `count` marks of every kind on one revision, straight into page_marks; every other one with a reply. */
export async function seedMarks(db: Db, at: MarkedRevision, count: number, options: SeedMarksOptions = {}) {
  const rows = await db
    .insert(pageMarks)
    .values(
      Array.from({ length: count }, (_, i) => {
        const state = options.mixedStates ? STATES[i % 3] : 'open';
        return {
          pageId: at.pageId,
          uploadId: at.uploadId,
          num: i + 1,
          shape: benchShape(i, options.penPoints?.(i)),
          color: (['red', 'blue', 'green'] as const)[i % 3] as 'red',
          comment: benchComment(i + 1),
          authorId: at.authorId,
          state,
          ...(state !== 'open' && { stateBy: at.authorId, stateAt: new Date() }),
        };
      }),
    )
    .returning({ id: pageMarks.id });
  const replied = rows.filter((_, i) => i % 2 === 0);
  if (replied.length > 0)
    await db
      .insert(pageMarkReplies)
      .values(replied.map((r) => ({ markId: r.id, userId: at.authorId, content: '了解です、直します' })));
}
