import { ChapterStatus, TodoType } from '@koma/shared';
import { and, eq } from 'drizzle-orm';
import { registerChapterTodo } from '../chapters/chapter-todos.js';
import { isEditorInCharge, isFounderOf } from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';

const inStatus = (status: number) => eq(chapters.status, status);

/**
 * To-do types of the storyboard (DESIGN.md section 7), due by the script day: 13 the founder
 * submits it (status 1), 2 the editor in charge reviews it (status 4), 4 the founder revises it (5).
 */
export function registerPageTodos(): void {
  registerChapterTodo(
    TodoType.SUBMIT_NAME,
    (userId) => and(isFounderOf(userId), inStatus(ChapterStatus.NAME_WRITING)),
    'scriptAt',
  );
  registerChapterTodo(
    TodoType.NAME_APPROVAL,
    (userId) => and(isEditorInCharge(userId), inStatus(ChapterStatus.AWAITING_EDITOR)),
    'scriptAt',
  );
  registerChapterTodo(
    TodoType.NAME_REVISION,
    (userId) => and(isFounderOf(userId), inStatus(ChapterStatus.NAME_REVISION)),
    'scriptAt',
  );
}
