import { type MarkColor, type MarkShape, type MarkState, MarkState as State } from '@koma/shared';
import { eq } from 'drizzle-orm';
import type { Deps } from '../lib/deps.js';
import { insertMark, insertReply, moveMark, pageMarkTally } from '../modules/marks/marks.repository.js';
import { chapterPages } from '../modules/pages/pages.table.js';
import { findUploadByKey } from '../modules/uploads/uploads.repository.js';
import { workflowSteps } from '../modules/workflow/workflow.table.js';

/** A page's size in pixels: marks are drawn in the original's pixels (docs/marks.md). */
export interface PageSize {
  width: number;
  height: number;
}

/** A mark of the demo, its shape on the 600 × 850 plan the demo pages are drawn on (demo-images.ts). */
export interface DemoMark {
  shape: MarkShape;
  color?: MarkColor;
  comment: string;
  author: number;
  /** Replies in order: who and what. */
  replies?: [number, string][];
  /** Where it ends, and who moved it there (resolved: the assignee; confirmed: the reviewer, after). */
  state?: { to: MarkState; resolvedBy: number; confirmedBy?: number };
}

const scale = (shape: MarkShape, size: PageSize): MarkShape => {
  const sx = size.width / 600;
  const sy = size.height / 850;
  const pt = ([x, y]: [number, number]): [number, number] => [Math.round(x * sx), Math.round(y * sy)];
  switch (shape.type) {
    case 'pen':
      return { type: 'pen', points: shape.points.map(pt) };
    case 'arrow':
      return { type: 'arrow', from: pt(shape.from), to: pt(shape.to) };
    case 'text': {
      const [x, y] = pt([shape.x, shape.y]);
      return { type: 'text', x, y, text: shape.text };
    }
    default: {
      const [x, y] = pt([shape.x, shape.y]);
      const [w, h] = pt([shape.w, shape.h]);
      return { ...shape, x, y, w, h };
    }
  }
};

/**
 * Red-pen marks of the demo (docs/marks.md, "Demo"), stored straight into the tables: the marks
 * service draws only once a page's renditions are made (they give its size), and the demo's
 * renditions are made later, by the server. The numbers follow on from the page's last pin.
 */
export function demoMarks(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  async function draw(
    pageId: number,
    revision: { key: string; stepId: number | null },
    size: PageSize,
    marks: DemoMark[],
  ) {
    const upload = await findUploadByKey(db, revision.key);
    if (!upload) throw new Error(`demo marks: no upload ${revision.key}`);
    let num = (await pageMarkTally(db, pageId)).top + 1;
    for (const m of marks) {
      const mark = await insertMark(db, {
        pageId,
        uploadId: upload.id,
        stepId: revision.stepId,
        num: num++,
        shape: scale(m.shape, size),
        color: m.color ?? 'red',
        comment: m.comment,
        authorId: m.author,
      });
      for (const [who, text] of m.replies ?? []) await insertReply(db, mark.id, who, text);
      if (m.state) {
        await moveMark(db, mark.id, State.OPEN, State.RESOLVED, m.state.resolvedBy);
        if (m.state.to === State.CONFIRMED && m.state.confirmedBy)
          await moveMark(db, mark.id, State.RESOLVED, State.CONFIRMED, m.state.confirmedBy);
      }
    }
  }

  return {
    /** Marks on the file a step holds now (its latest hand-in). */
    async onStep(stepId: number, size: PageSize, marks: DemoMark[]) {
      const [step] = await db.select().from(workflowSteps).where(eq(workflowSteps.id, stepId));
      if (!step?.fileKey) throw new Error(`demo marks: step ${stepId} has no file`);
      await draw(step.pageId, { key: step.fileKey, stepId }, size, marks);
    },
    /** Marks on a page's storyboard file. */
    async onStoryboard(pageId: number, size: PageSize, marks: DemoMark[]) {
      const [page] = await db.select().from(chapterPages).where(eq(chapterPages.id, pageId));
      if (!page?.fileKey) throw new Error(`demo marks: page ${pageId} has no storyboard file`);
      await draw(pageId, { key: page.fileKey, stepId: null }, size, marks);
    },
  };
}
