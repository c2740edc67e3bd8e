import type { EditorTimeline, TimelineChapter } from '@koma/shared/schemas';
import { Grid } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChartTable } from '../../../components/chart-table/chart-table';
import { finishText } from '../../../components/forecast/forecast-finish';
import { ForecastTag } from '../../../components/forecast/forecast-tag';
import { formatDay } from '../../../lib/dates';
import { useScrollToX } from '../../../lib/use-scroll-to-x';
import { daysFrom, monthStarts, spanOf } from '../lib/timeline-span';
import './timeline.css';

/** Width of one day, px: three months fit a desk's screen. */
const DAY_WIDTH = 8;
/** The chapter column: on a phone a third of the screen stays for the days. */
const LABEL_WIDTH = { phone: 168, desk: 340 };

/**
 * The editor's timeline (docs/schedule.md, "The editor's timeline"): a row per chapter in the
 * reply's order (the late first); the column says everything in words (risk, series and chapter,
 * finish and check deadline, the reason); the track draws it, a bar from the day the chapter was
 * made through its name deadline to its check deadline, the buffer, the expected finish and today.
 */
export function TimelineChart({ data }: { data: EditorTimeline }) {
  const { t, i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const labelWidth = screens.md === false ? LABEL_WIDTH.phone : LABEL_WIDTH.desk;
  const span = useMemo(() => spanOf(data.today, data.chapters), [data]);
  const days = daysFrom(span.first, span.last) + 1;
  const width = days * DAY_WIDTH;
  const x = (day: string) => Math.min(days, Math.max(0, daysFrom(span.first, day))) * DAY_WIDTH;
  const box = useRef<HTMLElement>(null);
  useScrollToX(box, x(data.today), 14 * DAY_WIDTH);
  const today = <span className="koma-tl-today" style={{ left: x(data.today) + DAY_WIDTH / 2 - 1 }} />;

  return (
    <ChartTable
      boxRef={box}
      label={t('timeline.chartLabel')}
      labelWidth={labelWidth}
      width={width}
      corner={t('timeline.chapterColumn')}
      className="koma-tl-grid"
      head={
        <div className="koma-tl-track koma-tl-track-head" style={{ width }} aria-hidden="true">
          {monthStarts(span.first, span.last).map((day) => (
            <span key={day} className="koma-tl-month" style={{ left: x(day) }}>
              {formatMonth(day, i18n.language)}
            </span>
          ))}
          {today}
          <span className="koma-tl-today-label" style={{ left: x(data.today) + DAY_WIDTH / 2 }}>
            {t('timeline.legendToday')}
          </span>
        </div>
      }
    >
      {data.chapters.map((c) => (
        <tr key={c.chapter_id} data-risk={c.risk ?? 'none'}>
          <th scope="row" className="koma-chart-label">
            <ChapterWords chapter={c} />
          </th>
          <td className="koma-tl-cell">
            <div className="koma-tl-track" style={{ width }} aria-hidden="true">
              <ChapterBar chapter={c} x={x} />
              {today}
            </div>
          </td>
        </tr>
      ))}
    </ChartTable>
  );
}

/** The chapter in words: its risk, its series and title (a link to its schedule), its days, why. */
function ChapterWords({ chapter: c }: { chapter: TimelineChapter }) {
  const { t } = useTranslation();
  return (
    <div className="koma-tl-words">
      <div className="koma-tl-title-line">
        {c.risk ? (
          <ForecastTag forecast={{ status: c.risk, status_text: c.risk_text }} />
        ) : (
          <span className="koma-tl-status">{c.status_text}</span>
        )}
        <Link
          to={`/chapter/schedule?projectId=${c.project_id}&chapterId=${c.chapter_id}`}
          aria-label={t('timeline.open', { project: c.project_title, chapter: c.chapter_title })}
          className="koma-tl-link"
        >
          「{c.project_title}」{c.chapter_title}
        </Link>
      </div>
      <div className="koma-tl-days">
        {c.forecast ? <span>{t('timeline.finish', { day: finishText(c.forecast, t) })}</span> : null}
        <span>{t('timeline.check', { day: formatDay(c.check_at) })}</span>
        {c.risk ? <span>{c.status_text}</span> : null}
      </div>
      {c.forecast ? (
        <p className="koma-forecast-reason koma-forecast-reason-clamp" title={c.forecast.reason}>
          {c.forecast.reason}
        </p>
      ) : null}
    </div>
  );
}

/** The bar: the name (start to name deadline), production (to the check deadline), the buffer, the finish. */
function ChapterBar({ chapter: c, x }: { chapter: TimelineChapter; x: (day: string) => number }) {
  // Wire days compare as text: the name ends on its deadline, or on the check deadline if that is earlier.
  const [nameEnd = c.check_at] = [c.script_at, c.check_at].sort();
  const end = x(c.check_at) + DAY_WIDTH;
  const bufferStart = x(c.check_at) - c.buffer_days * DAY_WIDTH + DAY_WIDTH;
  const finish = c.forecast?.finish_on;
  return (
    <>
      <span
        className="koma-tl-bar koma-tl-bar-name"
        style={{ left: x(c.start_on), width: Math.max(DAY_WIDTH, x(nameEnd) + DAY_WIDTH - x(c.start_on)) }}
      />
      <span
        className={`koma-tl-bar koma-tl-bar-work koma-tl-bar-${c.risk ?? 'none'}`}
        style={{ left: x(nameEnd) + DAY_WIDTH, width: Math.max(0, end - x(nameEnd) - DAY_WIDTH) }}
      />
      <span className="koma-tl-buffer" style={{ left: bufferStart, width: Math.max(0, end - bufferStart) }} />
      <span className="koma-tl-check" style={{ left: end - 2 }} />
      {finish ? <span className="koma-tl-finish" style={{ left: x(finish) + DAY_WIDTH / 2 - 6 }} /> : null}
    </>
  );
}

/** 2026年12月 / Dec 2026 as the reader's language writes a month. */
function formatMonth(day: string, lang: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang, {
    year: month === 1 ? 'numeric' : undefined,
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
