import type { WorkPage } from '@koma/shared/schemas';
import { Button, Progress, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { tableEmpty } from '../../../components/table-empty';
import { formatTime } from '../../../lib/dates';
import { ApprovalWaiting } from './approval-waiting';
import { DueDay } from './due-day';
import { SendBackLine } from './send-back-note';
import { StepStatusTag } from './step-status-tag';
import './work-screen.css';

interface WorkPageTableProps {
  pages: WorkPage[];
  /** A page in the viewer. */
  viewerHref: (page: WorkPage) => string;
  loading: boolean;
  onOpen: (page: WorkPage) => void;
}

/**
 * The chapter's pages: number, current task, status, assignee, update time and progress. A page
 * opens its steps (the number is a button for the keyboard; the whole row for the mouse).
 */
export function WorkPageTable({ pages, loading, onOpen, viewerHref }: WorkPageTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<WorkPage> = [
    {
      key: 'thumbnail',
      title: t('chapterDetails.steps.thumbnail'),
      width: 80,
      render: (_, p) =>
        p.renditions ? (
          <Link
            to={viewerHref(p)}
            onClick={(event) => event.stopPropagation()}
            aria-label={t('viewer.openWhat', { what: t('chapterDetails.pages.pageNum', { num: p.num }) })}
          >
            <RenditionImage renditions={p.renditions} size="thumb" alt="" className="koma-history-thumb" />
          </Link>
        ) : (
          '—'
        ),
    },
    {
      key: 'num',
      title: t('chapterDetails.pages.page'),
      width: 110,
      render: (_, p) => (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(p);
          }}
          aria-label={t('chapterDetails.pages.openWho', { num: p.num })}
        >
          {t('chapterDetails.pages.pageNum', { num: p.num })}
        </Button>
      ),
    },
    {
      key: 'task',
      title: t('chapterDetails.pages.task'),
      width: 150,
      render: (_, p) => p.position?.position ?? '—',
    },
    {
      key: 'status',
      title: t('chapterDetails.pages.status'),
      width: 200,
      render: (_, p) => (
        <>
          <StepStatusTag status={p.status} />
          <ApprovalWaiting approvers={p.approvers} mine={p.awaiting_my_approval} />
          {p.send_back && <SendBackLine sendBack={p.send_back} />}
        </>
      ),
    },
    {
      key: 'due',
      title: t('chapterDetails.pages.due'),
      width: 130,
      render: (_, p) => <DueDay due={p} />,
    },
    {
      key: 'assignee',
      title: t('chapterDetails.pages.assignee'),
      render: (_, p) => p.current_user_nickname || '—',
    },
    {
      key: 'updated',
      title: t('chapterDetails.pages.updated'),
      width: 150,
      render: (_, p) => formatTime(p.update_time),
    },
    {
      key: 'progress',
      title: t('chapterDetails.pages.progress'),
      width: 240,
      render: (_, p) => {
        const { percent } = p;
        return (
          <div className="koma-work-progress">
            <Progress
              percent={percent}
              size="small"
              showInfo={false}
              status={percent >= 100 ? 'success' : 'normal'}
              aria-label={t('chapterDetails.pages.progressWho', { num: p.num })}
            />
            <span className="koma-work-progress-text">
              {percent}%{p.process_text ? ` (${p.process_text})` : ''}
            </span>
          </div>
        );
      },
    },
  ];

  return (
    <Table<WorkPage>
      size="small"
      rowKey="page_id"
      columns={columns}
      dataSource={pages}
      pagination={false}
      scroll={{ x: 1050 }}
      rowClassName={() => 'koma-work-page-row'}
      onRow={(page) => ({ onClick: () => onOpen(page) })}
      locale={{ emptyText: tableEmpty(t('chapterDetails.pages.empty'), loading) }}
      aria-label={t('chapterDetails.pages.heading')}
    />
  );
}
