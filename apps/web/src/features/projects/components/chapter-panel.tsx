import { PlusOutlined } from '@ant-design/icons';
import { ChapterStatus, ProjectStatus } from '@koma/shared/constants';
import { Alert, Button, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ForecastTag } from '../../../components/forecast/forecast-tag';
import { tableEmpty } from '../../../components/table-empty';
import { errorText } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/dates';
import { toastWarning } from '../../../lib/feedback';
import { useCurrentUser } from '../../../lib/session';
import {
  ChapterFormDialog,
  ChapterStatusTag,
  chapterRoute,
  chapterViewer,
  schedulePath,
} from '../../chapters';
import { type ChapterSummary, useChapterList } from '../api/chapter-list';
import { useProjectDetail } from '../api/project-detail';

/**
 * 案件 (operate tab, activeMenu 2): the project's chapters. The founder adds one (話を追加), not in
 * a completed project (docs/recruitment.md); opening a chapter leads to its screen by its status
 * and the viewer (chapterRoute).
 */
export function ChapterPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // The detail screen has loaded the project already: this reads the cache.
  const project = useProjectDetail(projectId);
  const chapters = useChapterList(projectId);
  const [adding, setAdding] = useState(false);
  const screens = Grid.useBreakpoint();
  // On a phone the list keeps to the screen: number, title and check deadline in one cell, the
  // forecast under the status; the other columns wait for a wider screen.
  const phone = screens.md === false;
  const viewer = project.data ? chapterViewer(user.id, user.roleIds, project.data) : null;
  const completed = project.data?.status === ProjectStatus.COMPLETED;

  const open = (chapter: ChapterSummary) => {
    if (!viewer) return;
    const destination = chapterRoute(projectId, chapter, viewer);
    if ('waiting' in destination) toastWarning(t('chapterPanel.waitingEditor'));
    else void navigate(destination.path);
  };

  // The forecast column only once a chapter has a schedule: an empty or early list keeps to the
  // page's width (a table that scrolls sideways with nothing to focus in it is unreachable by keys).
  const withForecast = (chapters.data ?? []).some((c) => c.forecast || HAS_SCHEDULE.includes(c.status));
  const title = (c: ChapterSummary) => (
    <Button
      type="link"
      className="koma-prewrap"
      style={{ padding: 0, height: 'auto', textAlign: 'start' }}
      aria-label={t('chapterPanel.open', { num: c.num, title: c.title })}
      onClick={(event) => {
        event.stopPropagation();
        open(c);
      }}
    >
      {c.title}
    </Button>
  );
  const status = (c: ChapterSummary) => <ChapterStatusTag status={c.status} text={c.status_desc} />;
  const forecast = (c: ChapterSummary) => <ChapterForecastCell projectId={projectId} chapter={c} />;
  const phoneColumns: TableColumnsType<ChapterSummary> = [
    {
      key: 'title',
      title: t('chapterPanel.title'),
      render: (_, c) => (
        <Flex vertical gap={2} align="start">
          <Typography.Text type="secondary">{t('chapterPanel.numValue', { num: c.num })}</Typography.Text>
          {title(c)}
          <Typography.Text type="secondary">
            {t('chapterPanel.checkAt')} {formatDay(c.checkAt)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: withForecast
        ? `${t('chapterPanel.status')}・${t('chapterPanel.forecast')}`
        : t('chapterPanel.status'),
      width: 150,
      render: (_, c) => (
        <Flex vertical gap={4} align="start">
          {status(c)}
          {withForecast ? forecast(c) : null}
        </Flex>
      ),
    },
  ];
  const columns: TableColumnsType<ChapterSummary> = [
    {
      key: 'num',
      title: t('chapterPanel.num'),
      width: 80,
      render: (_, c) => t('chapterPanel.numValue', { num: c.num }),
    },
    { key: 'title', title: t('chapterPanel.title'), render: (_, c) => title(c) },
    { key: 'status', title: t('chapterPanel.status'), width: 130, render: (_, c) => status(c) },
    ...(withForecast
      ? [
          {
            key: 'forecast',
            title: t('chapterPanel.forecast'),
            width: 220,
            render: (_: unknown, c: ChapterSummary) => forecast(c),
          },
        ]
      : []),
    { key: 'pages', title: t('chapterPanel.pages'), width: 80, render: (_, c) => c.page },
    {
      key: 'scriptAt',
      title: t('chapterPanel.scriptAt'),
      width: 110,
      render: (_, c) => formatDay(c.scriptAt),
    },
    { key: 'checkAt', title: t('chapterPanel.checkAt'), width: 110, render: (_, c) => formatDay(c.checkAt) },
    {
      key: 'updated',
      title: t('chapterPanel.updated'),
      width: 140,
      render: (_, c) => formatTime(c.update_at),
    },
  ];

  return (
    <section aria-labelledby="project-chapters-heading">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <h2 id="project-chapters-heading" className="koma-card-heading">
          {t('chapterPanel.heading')}
        </h2>
        {project.data?.isFounder ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setAdding(true)}
            disabled={completed}
            aria-describedby={completed ? 'chapters-completed-note' : undefined}
          >
            {t('chapterPanel.add')}
          </Button>
        ) : null}
      </Flex>
      {project.data?.isFounder && completed ? (
        <Typography.Paragraph id="chapters-completed-note" type="secondary">
          {t('validation.projectCompletedLocked')}
        </Typography.Paragraph>
      ) : null}
      {chapters.isError && !chapters.data ? (
        <Alert
          type="error"
          showIcon
          title={errorText(chapters.error)}
          action={
            <Button size="small" onClick={() => void chapters.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ChapterSummary>
          size="small"
          rowKey="id"
          columns={phone ? phoneColumns : columns}
          dataSource={chapters.data ?? []}
          pagination={false}
          // The widths above fit the list without scrolling from 1366 px; narrower desktops scroll.
          scroll={phone ? undefined : { x: withForecast ? 1020 : 800 }}
          locale={{ emptyText: tableEmpty(t('chapterPanel.empty'), chapters.isPending) }}
          aria-label={t('chapterPanel.listLabel')}
          onRow={(c) => ({ onClick: () => open(c), style: { cursor: 'pointer' } })}
        />
      )}
      {project.data?.isFounder ? (
        <ChapterFormDialog open={adding} projectId={projectId} mode="add" onClose={() => setAdding(false)} />
      ) : null}
    </section>
  );
}

/** Chapters with steps have a schedule: in production and finished (docs/states.md, chapter). */
const HAS_SCHEDULE: readonly number[] = [ChapterStatus.IN_PRODUCTION, ChapterStatus.FINISHED];

/**
 * A chapter's forecast in the list: the tag, the reason on a second line (two lines at most, the
 * whole text on hover), and the link to its schedule.
 */
function ChapterForecastCell({ projectId, chapter }: { projectId: number; chapter: ChapterSummary }) {
  const { t } = useTranslation();
  const { forecast } = chapter;
  if (!forecast && !HAS_SCHEDULE.includes(chapter.status)) return <>—</>;
  return (
    <div>
      {forecast ? (
        <>
          <ForecastTag forecast={forecast} />
          <span className="koma-forecast-reason koma-forecast-reason-clamp" title={forecast.reason}>
            {forecast.reason}
          </span>
        </>
      ) : null}
      <Link
        to={schedulePath(projectId, chapter.id)}
        onClick={(event) => event.stopPropagation()}
        aria-label={t('schedule.openWho', { title: chapter.title })}
      >
        {t('schedule.open')}
      </Link>
    </div>
  );
}
