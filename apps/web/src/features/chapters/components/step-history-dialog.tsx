import { DownloadOutlined } from '@ant-design/icons';
import type { WorkStep } from '@koma/shared/schemas';
import { Alert, Button, Modal, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { tableEmpty } from '../../../components/table-empty';
import { errorText } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { openLink } from '../../../lib/links';
import { markCountsWords } from '../../../lib/mark-counts';
import { viewerPath } from '../../viewer';
import { type StepHistoryEntry, useCommitList } from '../api/commit-list';
import { ApprovalWaiting } from './approval-waiting';

interface StepHistoryDialogProps {
  projectId: number;
  chapterId: number;
  /** The number of the step's page, for links into the viewer. */
  pageNum: number;
  /** The step whose history is shown; null: closed. */
  step: WorkStep | null;
  onClose: () => void;
}

/** 更新履歴: the step's commits and sendings back, newest first (time, user, file, remark). */
export function StepHistoryDialog({ projectId, chapterId, pageNum, step, onClose }: StepHistoryDialogProps) {
  const { t } = useTranslation();
  const history = useCommitList(projectId, step?.step_id ?? null);
  const title = t('chapterDetails.history.title', { task: step?.position ?? '' });

  const columns: TableColumnsType<StepHistoryEntry> = [
    {
      key: 'time',
      title: t('chapterDetails.history.time'),
      width: 140,
      render: (_, e) => formatTime(e.create_time),
    },
    { key: 'user', title: t('chapterDetails.history.user'), width: 120, render: (_, e) => e.user || '—' },
    {
      key: 'kind',
      title: t('chapterDetails.history.kind'),
      // Wide enough for the marks' tag (赤入れ：未対応 n・対応済み n・確認済み n) beside 提出.
      width: 280,
      render: (_, e) =>
        e.kind === 'reject' ? (
          <Tag color="red">{t('chapterDetails.history.kinds.reject')}</Tag>
        ) : (
          <>
            <Tag color="blue">{t('chapterDetails.history.kinds.commit')}</Tag>
            {/* Red-pen marks drawn on this revision, and how many of them are resolved (docs/marks.md). */}
            {e.marks ? (
              <Tag color="volcano">
                {t('chapterDetails.history.marks', { counts: markCountsWords(t, e.marks) })}
              </Tag>
            ) : null}
          </>
        ),
    },
    {
      key: 'file',
      title: t('chapterDetails.history.file'),
      width: 160,
      render: (_, e) => <span className="koma-prewrap">{e.file_name || '—'}</span>,
    },
    {
      key: 'remark',
      title: t('chapterDetails.history.remark'),
      width: 200,
      render: (_, e) => <span className="koma-prewrap">{e.remark || '—'}</span>,
    },
    {
      key: 'view',
      title: t('viewer.title'),
      width: 96,
      render: (_, e) =>
        e.kind === 'commit' && e.renditions ? (
          <Link
            to={viewerPath(projectId, chapterId, { page: pageNum, revision: e.renditions.uploadId })}
            aria-label={t('viewer.openWhat', { what: `${e.file_name} (${formatTime(e.create_time)})` })}
          >
            <RenditionImage renditions={e.renditions} size="thumb" alt="" className="koma-history-thumb" />
          </Link>
        ) : (
          '—'
        ),
    },
    {
      key: 'download',
      title: t('chapterDetails.history.download'),
      width: 124,
      render: (_, e) =>
        e.download_url ? (
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden="true" />}
            onClick={() => openLink(e.download_url)}
            aria-label={t('chapterDetails.history.downloadWho', {
              name: e.file_name || t('chapterDetails.history.kinds.reject'),
              time: formatTime(e.create_time),
            })}
          >
            {t('chapterDetails.history.download')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Modal
      open={step !== null}
      title={title}
      width={1080}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      {history.isError && !history.data ? (
        <Alert
          type="error"
          showIcon
          title={t('chapterDetails.history.loadFailed')}
          description={errorText(history.error)}
        />
      ) : (
        <>
          {step && step.approvers.length > 0 ? (
            <p className="koma-history-approvers">
              <ApprovalWaiting approvers={step.approvers} mine={step.actions.audit} />
            </p>
          ) : null}
          <Table<StepHistoryEntry>
            size="small"
            rowKey={(e) => `${e.kind}-${e.id}`}
            columns={columns}
            dataSource={history.data?.list ?? []}
            pagination={false}
            scroll={{ x: 1020 }}
            locale={{ emptyText: tableEmpty(t('common.noData'), history.isPending) }}
            aria-label={title}
          />
        </>
      )}
    </Modal>
  );
}
