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
  /** Type 12 only: the application (who, which position, when); the presenter names the position. */
  application?: { user: { id: number; nickname: string }; posId: number; createdAt: Date };
  /** Types 28 and 29 only: the page (id and number) and how many of its marks wait (docs/marks.md). */
  marks?: { pageId: number; pageNum: number; count: number };
  /** Type 11 only: the founder's own words to the invited editor (plain text, maybe empty). */
  invitation?: { message: string };
  /** Types 25, 21 and 23 only: the waiting step, its page and its own due day (docs/schedule.md). */
  step?: { stepId: number; pageId: number; pageNum: number; posId: number; dueOn: string | null };
}

/**
 * One kind of to-do item, derived by query from the state of projects and chapters
 * (docs/states.md): never stored, so it cannot drift. The projects and production modules define
 * their rules; todo-registry.ts lists them in order and the dashboard only aggregates them.
 */
export interface TodoRule {
  type: TodoType;
  /** How many wait, in the unit the type's title names (steps, marks, chapters): the tile's number. */
  count(db: Executor, userId: number): Promise<number>;
  list(db: Executor, userId: number, limit: number, offset: number): Promise<TodoItem[]>;
  /** How many items `list` has, when an item holds several of the counted (a page of marks); else `count`. */
  rows?(db: Executor, userId: number): Promise<number>;
  /**
   * One page of `list` and `count` in one statement, where each item is one counted thing: the
   * list's own join counts it, so the to-do dialog does not run the join twice (bench/README.md).
   */
  page?(
    db: Executor,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: TodoItem[]; count: number }>;
}
