import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Collapse, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSkeleton } from '../../../components/loading/page-skeleton';
import { errorText } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { useChapterDetails } from '../api/chapter-details';
import { useSchedule } from '../api/schedule-chapter';
import { chapterQuery } from '../lib/chapter-params';
import { addDays } from '../lib/schedule-timeline';
import { BufferForm } from './buffer-form';
import { ChapterHeader } from './chapter-header';
import { ForecastSummary } from './forecast-summary';
import { MoveDueDialog, type MoveTarget } from './move-due-dialog';
import { ScheduleChart } from './schedule-chart';
import { ScheduleList } from './schedule-list';
import './schedule.css';

interface ScheduleScreenProps {
  projectId: number;
  chapterId: number;
}

/**
 * /chapter/schedule (docs/schedule.md): the forecast, the buffer and every step's due and
 * approval days on a calendar; the founder moves due days and sets the buffer, others read.
 */
export function ScheduleScreen({ projectId, chapterId }: ScheduleScreenProps) {
  const { t } = useTranslation();
  const details = useChapterDetails(projectId, chapterId);
  const schedule = useSchedule(projectId, chapterId);
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const workPath = `/chapter/details?${chapterQuery(projectId, chapterId)}`;

  if (details.isError && !details.data) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.chapterSchedule')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('schedule.loadFailed')}
          description={errorText(details.error)}
          action={<Link to="/projectManagement/projectManagement">{t('chapterDetails.toProjects')}</Link>}
        />
      </>
    );
  }
  if (!details.data) return <PageSkeleton />;

  const data = schedule.data;
  const steps = data?.pages.reduce((n, p) => n + p.steps.length, 0) ?? 0;
  const onMove = data?.editable ? setMoving : undefined;

  return (
    <>
      <ChapterHeader
        details={details.data}
        extra={
          <Link to={workPath}>
            <ArrowLeftOutlined aria-hidden="true" /> {t('schedule.back')}
          </Link>
        }
      />
      {schedule.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('schedule.loadFailed')}
          description={errorText(schedule.error)}
          action={
            <Button size="small" onClick={() => void schedule.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card>
            <Flex vertical gap={12}>
              {data.forecast ? (
                <ForecastSummary forecast={data.forecast} />
              ) : (
                <Typography.Text type="secondary">{t('schedule.noForecast')}</Typography.Text>
              )}
              <dl className="koma-chapter-facts">
                <div>
                  <dt>{t('schedule.checkAt')}</dt>
                  <dd>{formatDay(data.check_at)}</dd>
                </div>
                <div>
                  <dt>{t('schedule.bufferStart')}</dt>
                  <dd>{formatDay(addDays(data.check_at, -data.buffer_days))}</dd>
                </div>
                <div>
                  <dt>{t('schedule.today')}</dt>
                  <dd>{formatDay(data.today)}</dd>
                </div>
              </dl>
              {data.editable ? (
                <BufferForm
                  key={data.buffer_days}
                  projectId={projectId}
                  chapterId={chapterId}
                  bufferDays={data.buffer_days}
                />
              ) : (
                <Flex vertical gap={4}>
                  <span>{t('schedule.bufferNow', { count: data.buffer_days })}</span>
                  <Typography.Text type="secondary">
                    {details.data.viewer.is_founder ? t('schedule.finishedLocked') : t('schedule.readOnly')}
                  </Typography.Text>
                </Flex>
              )}
            </Flex>
          </Card>
          <Card>
            <section aria-labelledby="schedule-chart-heading">
              <h2 id="schedule-chart-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
                {t('schedule.chartHeading')}
              </h2>
              {steps === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedule.empty')} />
              ) : (
                <>
                  <ScheduleLegend />
                  <ScheduleChart data={data} />
                  {/* Every step in words under the chart, where the founder moves a day with a full-size button. */}
                  <Collapse
                    ghost
                    items={[
                      {
                        key: 'list',
                        label: t('schedule.stepList'),
                        children: <ScheduleList data={data} onMove={onMove} />,
                      },
                    ]}
                  />
                </>
              )}
            </section>
          </Card>
        </Flex>
      )}
      {data?.editable ? (
        <MoveDueDialog
          projectId={projectId}
          chapterId={chapterId}
          target={moving}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </>
  );
}

/** What the chart's marks mean, in words beside a sample of each. */
function ScheduleLegend() {
  const { t } = useTranslation();
  return (
    <ul className="koma-sch-legend">
      <li>
        <span className="koma-sch-legend-due" aria-hidden="true" />
        {t('schedule.legendDue')}
      </li>
      <li>
        <span className="koma-sch-legend-approved" aria-hidden="true">
          ✓
        </span>
        {t('schedule.legendApproved')}
      </li>
      <li>
        <span className="koma-sch-legend-overdue" aria-hidden="true" />
        {t('schedule.overdue')}
      </li>
      <li>
        <span className="koma-sch-legend-buffer" aria-hidden="true" />
        {t('schedule.legendBuffer')}
      </li>
      <li>
        <span className="koma-sch-legend-line koma-sch-legend-check" aria-hidden="true" />
        {t('schedule.checkAt')}
      </li>
      <li>
        <span className="koma-sch-legend-line koma-sch-legend-today" aria-hidden="true" />
        {t('schedule.today')}
      </li>
    </ul>
  );
}
