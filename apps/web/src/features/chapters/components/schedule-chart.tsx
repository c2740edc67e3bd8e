import { CheckOutlined } from '@ant-design/icons';
import type { ScheduleData, ScheduleStep } from '@koma/shared/schemas';
import { Grid } from 'antd';
import { Fragment, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from '../../../components/chart-table/chart-table';
import { formatDay } from '../../../lib/dates';
import { useScrollToX } from '../../../lib/use-scroll-to-x';
import { barStart, timelineOf } from '../lib/schedule-timeline';

/** Width of one day on the chart, in px (schedule.css draws the day lines at the same step). */
const DAY_WIDTH = 28;
/** The page column: narrow on a phone so that days are seen beside it. */
const LABEL_WIDTH = { phone: 84, desk: 132 };

/**
 * The chapter's plan on a calendar (docs/schedule.md, "The chart"): one row per page, its steps
 * one after the other within the row; a bar for the days each step has, a diamond on its due day
 * and a check on its approval day; the buffer shaded, the check deadline, the buffer's start and
 * today as vertical lines. Every due day and the check deadline are on it; it opens on today.
 * Each bar says its step in words to a screen reader; days are moved from the list under it.
 *
 * Drawn with a plain table rather than a Gantt library: the ones kept for React (gantt-task-react)
 * declare React 18 only, react-calendar-timeline needs moment and interactjs, frappe-gantt is a
 * DOM widget outside React, and @svar-ui/react-gantt (React 19) draws tasks as start–end spans
 * in its own theme, while a step here is two single days (due, approved) with words beside them.
 */
export function ScheduleChart({ data }: { data: ScheduleData }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const labelWidth = screens.md === false ? LABEL_WIDTH.phone : LABEL_WIDTH.desk;
  const line = useMemo(() => timelineOf(data), [data]);
  const index = useMemo(() => new Map(line.days.map((d, i) => [d, i])), [line.days]);
  const width = line.days.length * DAY_WIDTH;
  const x = (day: string) =>
    (index.get(day) ?? (day < (line.days[0] ?? '') ? -1 : line.days.length)) * DAY_WIDTH;
  const box = useRef<HTMLElement>(null);
  useScrollToX(box, x(data.today), 2 * DAY_WIDTH);

  const vertical = (
    <>
      <span
        className="koma-sch-buffer"
        aria-hidden="true"
        style={{
          left: x(line.bufferStart),
          width: Math.max(0, x(data.check_at) - x(line.bufferStart) + DAY_WIDTH),
        }}
      />
      <span
        className="koma-sch-vline koma-sch-vline-buffer"
        aria-hidden="true"
        style={{ left: x(line.bufferStart) }}
      />
      <span
        className="koma-sch-vline koma-sch-vline-check"
        aria-hidden="true"
        style={{ left: x(data.check_at) + DAY_WIDTH - 2 }}
      />
      <span
        className="koma-sch-vline koma-sch-vline-today"
        aria-hidden="true"
        style={{ left: x(data.today) + DAY_WIDTH / 2 - 1 }}
      />
    </>
  );

  const stepMarks = (num: number, step: ScheduleStep, previousDue: string | null) => {
    if (!step.due_on) return null;
    const start = barStart(previousDue, step.due_on);
    // The step in words (as ScheduleStepDays says it), for the bar's title and for screen readers.
    const days = [
      `${t('schedule.due')} ${formatDay(step.due_on)}`,
      `${t('schedule.approved')} ${step.approved_on ? formatDay(step.approved_on) : t('schedule.notApproved')}`,
      step.overdue ? t('schedule.overdue') : '',
      step.due_by_hand ? t('schedule.byHand') : '',
    ].filter(Boolean);
    const label = t('schedule.stepBar', {
      num,
      position: step.position,
      name: step.owner_nickname,
      days: days.join('・'),
    });
    return (
      <Fragment key={step.step_id}>
        <span
          className={`koma-sch-bar${step.overdue ? ' koma-sch-bar-overdue' : ''}${step.approved_on ? ' koma-sch-bar-done' : ''}`}
          style={{ left: x(start) + 2, width: x(step.due_on) - x(start) + DAY_WIDTH - 4 }}
          title={label}
        >
          <span className="koma-sch-bar-text" aria-hidden="true">
            {step.position}
          </span>
          <span className="koma-visually-hidden">{label}</span>
        </span>
        <span
          className={`koma-sch-due${step.overdue ? ' koma-sch-due-overdue' : ''}`}
          style={{ left: x(step.due_on) + DAY_WIDTH / 2 - 6 }}
          aria-hidden="true"
        />
        {step.approved_on ? (
          <span
            className="koma-sch-approved"
            style={{ left: x(step.approved_on) + DAY_WIDTH / 2 - 9 }}
            aria-hidden="true"
          >
            <CheckOutlined />
          </span>
        ) : null}
      </Fragment>
    );
  };

  return (
    <ChartTable
      boxRef={box}
      label={t('schedule.chartLabel')}
      labelWidth={labelWidth}
      width={width}
      corner={t('schedule.stepColumn')}
      head={
        <div className="koma-sch-days-head" style={{ width }}>
          {line.days.map((day) => (
            <span
              key={day}
              className={dayClass(day, data.today, data.check_at, line.bufferStart)}
              style={{ width: DAY_WIDTH }}
              title={formatDay(day)}
              data-day={day}
            >
              {dayLabel(day, day === line.days[0])}
            </span>
          ))}
        </div>
      }
    >
      {data.pages.map((page) => {
        const overdue = page.steps.some((s) => s.overdue);
        return (
          <tr key={page.page_id} className={overdue ? 'koma-sch-row-overdue' : undefined}>
            <th scope="row" className="koma-chart-label">
              <span className="koma-sch-step-name">{t('schedule.pageNum', { num: page.num })}</span>
              {overdue ? <span className="koma-sch-page-overdue">{t('schedule.pageOverdue')}</span> : null}
            </th>
            <td className="koma-sch-cell">
              <div className="koma-sch-track" style={{ width }}>
                {vertical}
                {page.steps.map((step, i) => stepMarks(page.num, step, page.steps[i - 1]?.due_on ?? null))}
              </div>
            </td>
          </tr>
        );
      })}
    </ChartTable>
  );
}

function dayClass(day: string, today: string, checkAt: string, bufferStart: string): string {
  const names = ['koma-sch-day'];
  if (day === today) names.push('koma-sch-day-today');
  if (day === checkAt) names.push('koma-sch-day-check');
  else if (day >= bufferStart && day < checkAt) names.push('koma-sch-day-buffer');
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) names.push('koma-sch-day-weekend');
  return names.join(' ');
}

/** Day numbers, with the month on the first column and on each 1st. */
function dayLabel(day: string, first: boolean): string {
  const [, month, date] = day.split('-').map(Number);
  return first || date === 1 ? `${month}/${date}` : String(date);
}
