import { type MarkData, type MarksListData, markCountsOf } from '@koma/shared';
import { groupBy } from '../../lib/group-by.js';
import type { ListedMark, ListedReply } from './marks.repository.js';
import type { MarkList, MarkThread } from './marks.service.js';

function presentMark({ mark, author, changer }: ListedMark, replies: ListedReply[]): MarkData {
  return {
    id: mark.id,
    num: mark.num,
    page_id: mark.pageId,
    revision_id: mark.uploadId,
    step_id: mark.stepId,
    shape: mark.shape,
    color: mark.color,
    comment: mark.comment,
    state: mark.state,
    author: { id: mark.authorId, nickname: author },
    created_at: mark.createdAt.toISOString(),
    state_by: mark.stateBy === null ? null : { id: mark.stateBy, nickname: changer ?? '' },
    state_at: mark.stateAt?.toISOString() ?? null,
    replies: replies.map(({ reply, nickname }) => ({
      id: reply.id,
      author: { id: reply.userId, nickname },
      content: reply.content,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}

/** Marks in pin order, each with its thread. */
function presentMarks({ rows, replies }: MarkThread): MarkData[] {
  const byMark = groupBy(replies, (r) => r.reply.markId);
  return rows.map((row) => presentMark(row, byMark.get(row.mark.id) ?? []));
}

/**
 * A page's marks, the ghosts and the caller's rights, with how many of what is listed are in each
 * state: the revision's own marks and the ghosts carried from earlier ones, each in its own state.
 */
export function presentMarkList(list: MarkList): MarksListData {
  const marks = presentMarks(list.marks);
  const ghosts = presentMarks(list.ghosts);
  return {
    marks,
    counts: markCountsOf([...marks, ...ghosts]),
    ghosts,
    may: list.may,
    locked: list.locked,
  };
}

/** The one mark a call acted on. */
export function presentOneMark(thread: MarkThread): MarkData {
  const [mark] = presentMarks(thread);
  if (!mark) throw new Error('the mark acted on is gone');
  return mark;
}
