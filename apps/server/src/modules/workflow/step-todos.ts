import type { TodoType } from '@koma/shared';
import type { SQL } from 'drizzle-orm';
import { endOfTokyoDay } from '../../lib/calendar.js';
import { chapterItemOf } from '../chapters/chapter-todos.js';
import type { TodoRule } from '../dashboard/todo-rules.js';
import { countStepTodos, stepTodos } from './step-todos.repository.js';

/**
 * A page-work to-do type: one item a waiting step, due by the end of the step's own due day
 * (docs/schedule.md), not the chapter's 校了; a step without a due day has no deadline.
 */
export function stepTodo(type: TodoType, condition: (userId: number) => SQL | undefined): TodoRule {
  const page: NonNullable<TodoRule['page']> = async (db, userId, limit, offset) => {
    const rows = await stepTodos(db, condition(userId), limit, offset);
    const items = rows.map((r) => ({
      ...chapterItemOf(r, r.dueOn ? endOfTokyoDay(r.dueOn) : null),
      step: { stepId: r.stepId, pageId: r.pageId, pageNum: r.pageNum, posId: r.positionId, dueOn: r.dueOn },
    }));
    // A page past the last has no row to carry the total: only then is it counted apart.
    const count = rows[0]?.total ?? (offset > 0 ? await countStepTodos(db, condition(userId)) : 0);
    return { items, count };
  };
  return {
    type,
    count: (db, userId) => countStepTodos(db, condition(userId)),
    list: async (db, userId, limit, offset) => (await page(db, userId, limit, offset)).items,
    page,
  };
}
