import { TodoType } from '@koma/shared';
import { chapterTodo } from '../chapters/chapter-todos.js';
import type { TodoRule } from '../dashboard/todo-rules.js';
import { stepTodo } from './step-todos.js';
import { STEP_TODO_CONDITIONS as S } from './step-todos.repository.js';
import { WORKFLOW_TODO_CONDITIONS as C } from './workflow-todos.repository.js';

/**
 * To-do types 14, 25, 21, 23, 26 and 27 (docs/states.md). The page work (25, 21, 23) is one item a
 * step, due by its own due day; the chapter's set-up and final check are one item a chapter.
 */
export const WORKFLOW_TODOS: TodoRule[] = [
  chapterTodo(TodoType.SET_UP_WORKFLOW, C.setUpWorkflow, null),
  stepTodo(TodoType.PAGE_IN_PROGRESS, S.pageInProgress),
  stepTodo(TodoType.WORK_APPROVAL, S.workApproval),
  stepTodo(TodoType.WORK_REVISION, S.workRevision),
  chapterTodo(TodoType.FINAL_AUDIT, C.finalAudit, 'checkAt'),
  chapterTodo(TodoType.FINAL_AUDIT_REJECTED, C.finalAuditRejected, 'checkAt'),
];
