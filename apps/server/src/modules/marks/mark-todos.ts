import { TodoType } from '@koma/shared';
import type { SQL } from 'drizzle-orm';
import { endOfTokyoDay } from '../../lib/calendar.js';
import { chapterItemOf } from '../chapters/chapter-todos.js';
import type { TodoRule } from '../dashboard/todo-rules.js';
import { MARK_TODO_CONDITIONS as C, countMarkTodos, markTodos } from './mark-todos.repository.js';

/**
 * A mark to-do type: one item a page, with its count of marks, due by the chapter's check day; the
 * tile counts the marks, as its title names them (赤入れ), and the list's items sum to it.
 */
function markTodo(type: TodoType, condition: (userId: number) => SQL | undefined): TodoRule {
  return {
    type,
    count: async (db, userId) => (await countMarkTodos(db, condition(userId))).marks,
    rows: async (db, userId) => (await countMarkTodos(db, condition(userId))).pages,
    list: async (db, userId, limit, offset) =>
      (await markTodos(db, condition(userId), limit, offset)).map((r) => ({
        ...chapterItemOf(r, endOfTokyoDay(r.checkAt)),
        marks: { pageId: r.pageId, pageNum: r.pageNum, count: r.marks },
      })),
  };
}

/** To-do types 28 (open marks on your page) and 29 (resolved marks to confirm), docs/marks.md. */
export const MARK_TODOS: TodoRule[] = [
  markTodo(TodoType.MARKS_OPEN, C.open),
  markTodo(TodoType.MARKS_TO_CONFIRM, C.toConfirm),
];
