import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import type { ScheduleData, ScheduleStep } from '@koma/shared/schemas';
import { Button } from 'antd';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { barStart, timelineOf } from '../lib/schedule-timeline';
import type { MoveTarget } from './move-due-dialog';
import { ScheduleStepDays } from './schedule-step-text';

/** Width of one day on the chart, in px (schedule.css draws the day lines at the same step). */
const DAY_WIDTH = 28;

interface ScheduleChartProps {
  data: ScheduleData;
  onMove?: (target: MoveTarget) => void;
}

/**
 * The chapter's steps on a calendar (docs/schedule.md): one row per step, grouped by page; a bar
 * for the days the step has, a diamond on its due day and a check on its approval day; the
 * buffer shaded, the check deadline, the buffer's start and today as vertical lines.
 *
 * Drawn with a plain table rather than a Gantt library: the ones kept for React (gantt-task-react)
 * declare React 18 only, react-calendar-timeline needs moment and interactjs, frappe-gantt is a
 * DOM widget outside React, and @svar-ui/react-gantt (React 19) draws tasks as start–end spans
 * in its own theme, while a step here is two single days (due, approved) with words beside them
 * for screen readers. The row's head says everything in text; the track is a picture of it.
 */
export function ScheduleChart({ data, onMove }: ScheduleChartProps) {
  const { t } = useTranslation();
  const line = useMemo(() => timelineOf(data), [data]);
  const index = useMemo(() => new Map(line.days.map((d, i) => [d, i])), [line.days]);
  const width = line.days.length * DAY_WIDTH;
  const x = (day: string) =>
    (index.get(day) ?? (day < (line.days[0] ?? '') ? -1 : line.days.length)) * DAY_WIDTH;

  const vertical = (
    <>
      <span
        className="koma-sch-buffer"
        style={{
          left: x(line.bufferStart),
          width: Math.max(0, x(data.check_at) - x(line.bufferStart) + DAY_WIDTH),
        }}
      />
      <span className="koma-sch-vline koma-sch-vline-buffer" style={{ left: x(line.bufferStart) }} />
      <span
        className="koma-sch-vline koma-sch-vline-check"
        style={{ left: x(data.check_at) + DAY_WIDTH - 2 }}
      />
      <span
        className="koma-sch-vline koma-sch-vline-today"
        style={{ left: x(data.today) + DAY_WIDTH / 2 - 1 }}
      />
    </>
  );

  const track = (step: ScheduleStep, previousDue: string | null) => {
    const start = step.due_on ? barStart(previousDue, step.due_on) : null;
    return (
      <div className="koma-sch-track" style={{ width }} aria-hidden="true">
        {vertical}
        {start && step.due_on ? (
          <span
            className={`koma-sch-bar${step.overdue ? ' koma-sch-bar-overdue' : ''}${step.approved_on ? ' koma-sch-bar-done' : ''}`}
            style={{ left: x(start) + 2, width: x(step.due_on) - x(start) + DAY_WIDTH - 4 }}
            title={t('schedule.dueMark', { day: formatDay(step.due_on) })}
          />
        ) : null}
        {step.due_on ? (
          <span
            className={`koma-sch-due${step.overdue ? ' koma-sch-due-overdue' : ''}`}
            style={{ left: x(step.due_on) + DAY_WIDTH / 2 - 6 }}
            title={t('schedule.dueMark', { day: formatDay(step.due_on) })}
          />
        ) : null}
        {step.approved_on ? (
          <span
            className="koma-sch-approved"
            style={{ left: x(step.approved_on) + DAY_WIDTH / 2 - 9 }}
            title={t('schedule.approvedMark', { day: formatDay(step.approved_on) })}
          >
            <CheckOutlined />
          </span>
        ) : null}
      </div>
    );
  };

  return (
    // The chart scrolls sideways in its own box, so the page itself never does on a narrow screen.
    <section
      className="koma-sch-scroll"
      aria-label={t('schedule.chartLabel')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <table className="koma-sch-grid" style={{ width: width + 280 }}>
        <colgroup>
          <col style={{ width: 280 }} />
          <col style={{ width }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="koma-sch-label">
              {t('schedule.stepColumn')}
            </th>
            <th scope="col" className="koma-sch-head">
              <div className="koma-sch-days-head" style={{ width }}>
                {line.days.map((day) => (
                  <span
                    key={day}
                    className={dayClass(day, data.today, data.check_at, line.bufferStart)}
                    style={{ width: DAY_WIDTH }}
                    title={formatDay(day)}
                  >
                    {dayLabel(day, day === line.days[0])}
                  </span>
                ))}
              </div>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.pages.map((page) => (
            <Fragment key={page.page_id}>
              <tr className="koma-sch-page-row">
                <th scope="colgroup" colSpan={2} className="koma-sch-label">
                  {t('schedule.pageNum', { num: page.num })}
                </th>
              </tr>
              {page.steps.map((step, i) => (
                <tr key={step.step_id} className={step.overdue ? 'koma-sch-row-overdue' : undefined}>
                  <th scope="row" className="koma-sch-label">
                    <div className="koma-sch-step">
                      <span className="koma-sch-step-name">
                        <span className="koma-visually-hidden">
                          {t('schedule.pageNum', { num: page.num })}{' '}
                        </span>
                        {step.position}
                      </span>
                      <span className="koma-sch-owner">
                        {t('schedule.owner', { name: step.owner_nickname })}
                      </span>
                      <ScheduleStepDays step={step} />
                      {onMove ? (
                        <Button
                          size="small"
                          type="link"
                          icon={<EditOutlined aria-hidden="true" />}
                          className="koma-sch-move"
                          aria-label={t('schedule.moveWho', { num: page.num, position: step.position })}
                          onClick={() => onMove({ pageNum: page.num, step })}
                        >
                          {t('schedule.move')}
                        </Button>
                      ) : null}
                    </div>
                  </th>
                  <td className="koma-sch-cell">{track(step, page.steps[i - 1]?.due_on ?? null)}</td>
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
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
