import type { TodoType } from '@koma/shared';
import type { Executor } from '../../db/client.js';

export interface TodoItem {
  project_title: string;
  chapter_title: string;
  projectid: number;
  chapterid: number | null;
  chapter_script_at: string | null;
  chapter_check_at: string | null;
  /** The deadline, from which time_left is computed at request time. */
  deadline: Date | null;
  project_user: { id: number; nickname: string };
}

/**
 * One kind of to-do item, derived by query from the state of projects and chapters (DESIGN.md
 * section 7): never stored, so it cannot drift. The projects and production modules add their
 * rules to TODO_RULES; the dashboard only aggregates them.
 */
export interface TodoRule {
  type: TodoType;
  count(db: Executor, userId: number): Promise<number>;
  list(db: Executor, userId: number, limit: number, offset: number): Promise<TodoItem[]>;
}

export const TODO_RULES: TodoRule[] = [];

export function registerTodoRule(rule: TodoRule): void {
  if (TODO_RULES.some((r) => r.type === rule.type)) return;
  TODO_RULES.push(rule);
}
