import { ChapterStatus, TodoType } from '@koma/shared';
import { and, eq } from 'drizzle-orm';
import { chapterTodo } from '../chapters/chapter-todos.js';
import { isFounderOf, sitsAtEditorialDesk } from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import type { TodoRule } from '../dashboard/todo-rules.js';

const inStatus = (status: number) => eq(chapters.status, status);

/**
 * To-do types of the storyboard (docs/states.md), due by the script day: 13 the founder
 * submits it (status 1), 2 the editorial desk (editor in charge, 副担当, 編集長) reviews it (status 4),
 * 4 the founder revises it (5).
 */
export const PAGE_TODOS: TodoRule[] = [
  chapterTodo(
    TodoType.SUBMIT_NAME,
    (userId) => and(isFounderOf(userId), inStatus(ChapterStatus.NAME_WRITING)),
    'scriptAt',
  ),
  chapterTodo(
    TodoType.NAME_APPROVAL,
    (userId) => and(sitsAtEditorialDesk(userId), inStatus(ChapterStatus.AWAITING_EDITOR)),
    'scriptAt',
  ),
  chapterTodo(
    TodoType.NAME_REVISION,
    (userId) => and(isFounderOf(userId), inStatus(ChapterStatus.NAME_REVISION)),
    'scriptAt',
  ),
];
