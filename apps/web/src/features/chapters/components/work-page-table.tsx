import type { WorkPage } from '@koma/shared/schemas';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableEmpty } from '../../../components/table-empty';
import { formatTime } from '../../../lib/dates';
import { usePhone } from '../../../lib/use-phone';
import { DueDay } from './due-day';
import { WorkPageCards } from './work-page-cards';
import { OpenPageButton, PageProgress, PageStatus, PageThumb } from './work-page-cells';
import type { WorkPageTableProps } from './work-page-table-props';
import './work-screen.css';

/**
 * The chapter's pages: number, current task, status, due day, assignee, update time and progress.
 * A page opens its steps (the number is a button for the keyboard; the whole row for the mouse).
 * On a phone the rows are cards (issue 30 §5).
 */
export function WorkPageTable({ pages, loading, onOpen, viewerHref, preflightOf }: WorkPageTableProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (phone)
    return (
      <WorkPageCards
        pages={pages}
        loading={loading}
        onOpen={onOpen}
        viewerHref={viewerHref}
        preflightOf={preflightOf}
      />
    );
  const columns: TableColumnsType<WorkPage> = [
    {
      key: 'thumbnail',
      title: t('chapterDetails.steps.thumbnail'),
      width: 84,
      render: (_, p) => <PageThumb page={p} href={viewerHref(p)} />,
    },
    {
      key: 'num',
      title: t('chapterDetails.pages.page'),
      width: 82,
      render: (_, p) => <OpenPageButton page={p} onOpen={onOpen} />,
    },
    {
      key: 'task',
      title: t('chapterDetails.pages.task'),
      width: 140,
      render: (_, p) => p.position?.position ?? '—',
    },
    {
      key: 'status',
      title: t('chapterDetails.pages.status'),
      width: 180,
      render: (_, p) => <PageStatus page={p} />,
    },
    {
      key: 'due',
      title: t('chapterDetails.pages.due'),
      width: 124,
      render: (_, p) => <DueDay due={p} />,
    },
    {
      key: 'assignee',
      title: t('chapterDetails.pages.assignee'),
      width: 120,
      // One line, the whole name on hover (a title): the column squeezed to one character per line.
      ellipsis: true,
      render: (_, p) => p.current_user_nickname || '—',
    },
    {
      key: 'updated',
      title: t('chapterDetails.pages.updated'),
      width: 140,
      render: (_, p) => formatTime(p.update_time),
    },
    {
      key: 'progress',
      title: t('chapterDetails.pages.progress'),
      width: 170,
      render: (_, p) => <PageProgress page={p} />,
    },
    ...(preflightOf
      ? [
          {
            key: 'preflight',
            title: t('preflight.title'),
            width: 110,
            render: (_: unknown, p: WorkPage) => preflightOf(p),
          },
        ]
      : []),
  ];

  return (
    <Table<WorkPage>
      size="small"
      rowKey="page_id"
      columns={columns}
      dataSource={pages}
      pagination={false}
      // The columns' widths add up to what a 1366 px window with the sidebar open (and a scroll bar)
      // leaves the card: 1,040 px.
      scroll={{ x: preflightOf ? 1150 : 1040 }}
      rowClassName={() => 'koma-work-page-row'}
      onRow={(page) => ({ onClick: () => onOpen(page) })}
      locale={{ emptyText: tableEmpty(t('chapterDetails.pages.empty'), loading) }}
      aria-label={t('chapterDetails.pages.heading')}
    />
  );
}
