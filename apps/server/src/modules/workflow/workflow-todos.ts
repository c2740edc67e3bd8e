import { TodoType } from '@koma/shared';
import { registerChapterTodo } from '../chapters/chapter-todos.js';
import { WORKFLOW_TODO_CONDITIONS as C } from './workflow-todos.repository.js';

/** To-do types 14, 25, 21, 23, 26 and 27 (DESIGN.md section 7); production is due by the check day. */
export function registerWorkflowTodos(): void {
  registerChapterTodo(TodoType.SET_UP_WORKFLOW, C.setUpWorkflow, null);
  registerChapterTodo(TodoType.PAGE_IN_PROGRESS, C.pageInProgress, 'checkAt');
  registerChapterTodo(TodoType.WORK_APPROVAL, C.workApproval, 'checkAt');
  registerChapterTodo(TodoType.WORK_REVISION, C.workRevision, 'checkAt');
  registerChapterTodo(TodoType.FINAL_AUDIT, C.finalAudit, 'checkAt');
  registerChapterTodo(TodoType.FINAL_AUDIT_REJECTED, C.finalAuditRejected, 'checkAt');
}
