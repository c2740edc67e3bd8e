import type { TodoType } from '@koma/shared';
import type { SQL } from 'drizzle-orm';
import { endOfTokyoDay } from '../../lib/calendar.js';
import type { TodoItem, TodoRule } from '../dashboard/todo-rules.js';
import { chapterTodos, countChapterTodos } from './chapter-todos.repository.js';

/**
 * A chapter to-do type: `condition` picks the reader's chapters; the item is due by the
 * end of the chapter's script day ('scriptAt') or check day ('checkAt'), or has no deadline.
 */
/** What a chapter's to-do row says of its chapter, as chapterTodoColumns read it; page to-dos add their page. */
export function chapterItemOf(
  r: {
    projectTitle: string;
    chapterTitle: string;
    projectId: number;
    chapterId: number;
    scriptAt: string;
    checkAt: string;
    founderId: number;
    founderNick: string;
  },
  deadline: Date | null,
): TodoItem {
  return {
    project_title: r.projectTitle,
    chapter_title: r.chapterTitle,
    projectid: r.projectId,
    chapterid: r.chapterId,
    chapter_script_at: r.scriptAt,
    chapter_check_at: r.checkAt,
    deadline,
    project_user: { id: r.founderId, nickname: r.founderNick },
  };
}

export function chapterTodo(
  type: TodoType,
  condition: (userId: number) => SQL | undefined,
  due: 'scriptAt' | 'checkAt' | null,
): TodoRule {
  return {
    type,
    count: (db, userId) => countChapterTodos(db, condition(userId)),
    list: async (db, userId, limit, offset) =>
      (await chapterTodos(db, condition(userId), due ?? 'checkAt', limit, offset)).map((r) =>
        chapterItemOf(r, due ? endOfTokyoDay(r[due]) : null),
      ),
  };
}
