import { TodoType } from '@koma/shared';
import { INVITATION_TODOS } from '../invitations/invitation-todos.js';
import { MARK_TODOS } from '../marks/mark-todos.js';
import { PAGE_TODOS } from '../pages/page-todos.js';
import { PROJECT_TODOS } from '../projects/project-todos.js';
import { WORKFLOW_TODOS } from '../workflow/workflow-todos.js';
import type { TodoRule } from './todo-rules.js';

/** The to-do table of docs/states.md, top to bottom: the order of the dashboard's tiles. */
const TABLE_ORDER: readonly TodoType[] = [
  TodoType.SUBMIT_NAME,
  TodoType.NAME_APPROVAL,
  TodoType.NAME_REVISION,
  TodoType.SET_UP_WORKFLOW,
  TodoType.PAGE_IN_PROGRESS,
  TodoType.WORK_APPROVAL,
  TodoType.WORK_REVISION,
  TodoType.MARKS_OPEN,
  TodoType.MARKS_TO_CONFIRM,
  TodoType.FINAL_AUDIT,
  TodoType.FINAL_AUDIT_REJECTED,
  TodoType.APPLICANT,
  TodoType.EDITOR_INVITATION,
  TodoType.TEAM_INVITATION,
];

const position = (rule: TodoRule) => TABLE_ORDER.indexOf(rule.type);

/** Every to-do rule, in the table's order whatever the order of the modules or their routes. */
export const TODO_RULES: readonly TodoRule[] = [
  ...PROJECT_TODOS,
  ...PAGE_TODOS,
  ...WORKFLOW_TODOS,
  ...MARK_TODOS,
  ...INVITATION_TODOS,
].sort((a, b) => position(a) - position(b));
