import { type Language, POSITIONS, referenceName, type TodoType, todoDescription } from '@koma/shared';
import type { TodoItem } from './todo-rules.js';

const HOUR_MS = 3_600_000;

/** "3日 4時間" style time left until a deadline; negative when overdue. Null without a deadline. */
export function timeLeft(deadline: Date | null, now: Date, lang: Language): string | null {
  if (!deadline) return null;
  const hours = Math.floor((deadline.getTime() - now.getTime()) / HOUR_MS);
  const overdue = hours < 0;
  const days = Math.floor(Math.abs(hours) / 24);
  const rest = Math.abs(hours) % 24;
  const words = { ja: ['日', '時間', '超過'], zh: ['天', '小时', '已超时'], en: ['d ', 'h', 'overdue'] }[
    lang
  ];
  const text = `${days}${words[0]}${rest}${words[1]}`.trim();
  return overdue ? `${words[2]} ${text}` : text;
}

/** The to-do counts with each type's name in the caller's language. */
export function todoCountsOf(counts: { type: TodoType; cnt: number }[], lang: Language) {
  return { list: counts.map(({ type, cnt }) => ({ type, type_desc: todoDescription(type, lang), cnt })) };
}

/** An applicant's item: who applied, the position named in the caller's language, and when. */
function applicationOf(application: TodoItem['application'], lang: Language) {
  if (!application) return null;
  return {
    user: application.user,
    pos_id: application.posId,
    position: referenceName(POSITIONS, application.posId, lang),
    create_time: application.createdAt.toISOString(),
  };
}

/** A page-work item's step: its page, its task named in the caller's language, its own due day. */
function stepOf(step: TodoItem['step'], lang: Language) {
  if (!step) return null;
  return {
    step_id: step.stepId,
    page_id: step.pageId,
    page_num: step.pageNum,
    task: referenceName(POSITIONS, step.posId, lang),
    due_on: step.dueOn,
  };
}

/** To-do items with the time left until each deadline, as of now, in the caller's language. */
export function todoListOf(
  { items, total, cnt }: { items: TodoItem[]; total: number; cnt: number },
  lang: Language,
) {
  const now = new Date();
  return {
    list: items.map(({ deadline, application, marks, step, invitation, ...item }) => ({
      ...item,
      time_left: timeLeft(deadline, now, lang),
      application: applicationOf(application, lang),
      marks: marks ? { page_id: marks.pageId, page_num: marks.pageNum, count: marks.count } : null,
      step: stepOf(step, lang),
      invitation_message: invitation?.message ?? null,
    })),
    total,
    cnt,
  };
}
