import { TodoType } from '@koma/shared/constants';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDay, formatTime } from '../../../lib/dates';
import type { TodoItem } from '../api/todo';

/** One fact of a to-do item: a table's column on a desk, a card's line on a phone. */
export interface TodoFact {
  key: string;
  label: string;
  value: (item: TodoItem) => ReactNode;
}

const STEP_TYPES: readonly number[] = [
  TodoType.PAGE_IN_PROGRESS,
  TodoType.WORK_APPROVAL,
  TodoType.WORK_REVISION,
];
const MARK_TYPES: readonly number[] = [TodoType.MARKS_OPEN, TodoType.MARKS_TO_CONFIRM];

/**
 * What a to-do item of a type says besides its project: an invitation, an applicant, a page of
 * marks, a step, or a chapter. The table and the cards show the same facts in the same order.
 */
export function todoFacts(type: number | null, t: TFunction): TodoFact[] {
  const chapter: TodoFact = {
    key: 'chapter',
    label: t('dashboard.todo.chapter'),
    value: (item) => item.chapter_title || '—',
  };
  const left: TodoFact = {
    key: 'left',
    label: t('dashboard.todo.timeLeft'),
    value: (item) => item.time_left ?? '—',
  };
  const user: TodoFact = {
    key: 'user',
    label: t('dashboard.todo.user'),
    value: (item) => item.project_user.nickname,
  };
  const checkAt: TodoFact = {
    key: 'check',
    label: t('dashboard.todo.checkAt'),
    value: (item) => formatDay(item.chapter_check_at),
  };
  // An invitation to be a project's editor in charge: who asks, for the whole project, in her own words.
  if (type === TodoType.EDITOR_INVITATION)
    return [
      user,
      {
        key: 'message',
        label: t('dashboard.todo.invitationMessage'),
        // Plain text as written, its line breaks kept: never read as HTML.
        value: (item) => <span className="koma-todo-message">{item.invitation_message || '—'}</span>,
      },
    ];
  if (type === TodoType.TEAM_INVITATION)
    // An invitation: the chapter it is for, or the whole project.
    return [{ ...chapter, value: (item) => item.chapter_title || t('project.team.wholeProject') }];
  if (type === TodoType.APPLICANT)
    // Who applied, to which position and when: one project may have several.
    return [
      {
        key: 'applicant',
        label: t('dashboard.todo.applicant'),
        value: (item) => item.application?.user.nickname ?? '—',
      },
      {
        key: 'position',
        label: t('dashboard.todo.position'),
        value: (item) => item.application?.position ?? '—',
      },
      {
        key: 'appliedAt',
        label: t('dashboard.todo.appliedAt'),
        value: (item) => formatTime(item.application?.create_time),
      },
    ];
  if (type !== null && MARK_TYPES.includes(type))
    // A page's marks: which page, and how many marks wait there (docs/marks.md).
    return [
      chapter,
      { key: 'marks', label: t('dashboard.todo.marks'), value: (item) => marksText(type, item, t) },
      checkAt,
      left,
    ];
  if (type !== null && STEP_TYPES.includes(type))
    // A step: its page and task, and its own due day (not the chapter's 校了).
    return [
      chapter,
      {
        key: 'step',
        label: t('dashboard.todo.stepPage'),
        value: (item) =>
          item.step ? t('dashboard.todo.stepOf', { page: item.step.page_num, task: item.step.task }) : '—',
      },
      { key: 'due', label: t('dashboard.todo.dueOn'), value: (item) => formatDay(item.step?.due_on) },
      left,
      user,
    ];
  return [
    chapter,
    {
      key: 'script',
      label: t('dashboard.todo.scriptAt'),
      value: (item) => formatDay(item.chapter_script_at),
    },
    checkAt,
    left,
    user,
  ];
}

function marksText(type: number, item: TodoItem, t: TFunction): string {
  if (!item.marks) return '—';
  const key = type === TodoType.MARKS_OPEN ? 'dashboard.todo.marksOpen' : 'dashboard.todo.marksToConfirm';
  return t(key, { page: item.marks.page_num, count: item.marks.count });
}

/** An item's key in the list: a project may have several items of one type. */
export const todoKey = (item: TodoItem) =>
  `${item.projectid}-${item.chapterid ?? 0}-${item.application?.user.id ?? 0}-${item.application?.pos_id ?? 0}-${item.marks?.page_id ?? 0}-${item.step?.step_id ?? 0}`;
