import { TodoType } from '@koma/shared';
import { chapterTodo } from '../chapters/chapter-todos.js';
import type { TodoRule } from '../dashboard/todo-rules.js';
import { WORKFLOW_TODO_CONDITIONS as C } from './workflow-todos.repository.js';

/** To-do types 14, 25, 21, 23, 26 and 27 (docs/states.md); production is due by the check day. */
export const WORKFLOW_TODOS: TodoRule[] = [
  chapterTodo(TodoType.SET_UP_WORKFLOW, C.setUpWorkflow, null),
  chapterTodo(TodoType.PAGE_IN_PROGRESS, C.pageInProgress, 'checkAt'),
  chapterTodo(TodoType.WORK_APPROVAL, C.workApproval, 'checkAt'),
  chapterTodo(TodoType.WORK_REVISION, C.workRevision, 'checkAt'),
  chapterTodo(TodoType.FINAL_AUDIT, C.finalAudit, 'checkAt'),
  chapterTodo(TodoType.FINAL_AUDIT_REJECTED, C.finalAuditRejected, 'checkAt'),
];
