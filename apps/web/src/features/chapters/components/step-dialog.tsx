import type { WorkPage, WorkStep } from '@koma/shared/schemas';
import { Alert, Button, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableEmpty } from '../../../components/table-empty';
import { errorText } from '../../../lib/api-client';
import { usePhone } from '../../../lib/use-phone';
import { useWorkPageDetail } from '../api/page-working-process-detail';
import { DueDay } from './due-day';
import { SendBackNote } from './send-back-note';
import { StepActions } from './step-actions';
import { StepCards } from './step-cards';
import { StepMine, StepStatus, StepThumb } from './step-cells';
import { StepCommentsDialog } from './step-comments-dialog';
import { StepHistoryDialog } from './step-history-dialog';
import { StepRejectDialog } from './step-reject-dialog';
import './work-screen.css';

interface StepDialogProps {
  projectId: number;
  chapterId: number;
  /** The page whose steps are shown (kept while the dialog closes). */
  page: WorkPage | null;
  open: boolean;
  onClose: () => void;
}

/**
 * A page's steps (width 1000): thumbnail, order, task, assignee, status, 自分のタスク and the
 * actions the caller may take; the dialogs of a step open over it.
 */
export function StepDialog({ projectId, chapterId, page, open, onClose }: StepDialogProps) {
  const { t } = useTranslation();
  const detail = useWorkPageDetail(projectId, chapterId, page?.page_id ?? null, open);
  const [sendBackOf, setSendBackOf] = useState<WorkStep | null>(null);
  const [historyOf, setHistoryOf] = useState<WorkStep | null>(null);
  const [commentsOf, setCommentsOf] = useState<WorkStep | null>(null);
  const num = page?.num ?? 0;
  const steps = detail.data?.steps ?? [];
  // The table needs 1,060 px: below antd's lg the rows are cards, their actions in view (issue 30 §5).
  const phone = usePhone('lg');

  const columns: TableColumnsType<WorkStep> = [
    {
      key: 'thumbnail',
      title: t('chapterDetails.steps.thumbnail'),
      width: 90,
      render: (_, s) => <StepThumb projectId={projectId} chapterId={chapterId} pageNum={num} step={s} />,
    },
    { key: 'order', title: t('chapterDetails.steps.order'), width: 70, render: (_, _s, index) => index + 1 },
    { key: 'task', title: t('chapterDetails.steps.task'), render: (_, s) => s.position },
    { key: 'assignee', title: t('chapterDetails.steps.assignee'), render: (_, s) => s.owner_user || '—' },
    {
      key: 'status',
      title: t('chapterDetails.steps.status'),
      width: 120,
      render: (_, s) => <StepStatus step={s} />,
    },
    {
      key: 'due',
      title: t('chapterDetails.steps.due'),
      width: 140,
      render: (_, s) => <DueDay due={s} />,
    },
    {
      key: 'mine',
      title: t('chapterDetails.steps.mine'),
      width: 120,
      render: (_, s) => <StepMine step={s} />,
    },
    {
      key: 'action',
      title: t('chapterDetails.steps.action'),
      width: 320,
      render: (_, s) => (
        <StepActions
          projectId={projectId}
          chapterId={chapterId}
          pageNum={num}
          step={s}
          onSendBack={setSendBackOf}
          onHistory={setHistoryOf}
          onComments={setCommentsOf}
        />
      ),
    },
  ];

  return (
    <Modal
      open={open && page !== null}
      title={t('chapterDetails.steps.title', { num })}
      width={1000}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      {detail.isError && !detail.data ? (
        <Alert
          type="error"
          showIcon
          title={t('chapterDetails.steps.loadFailed')}
          description={errorText(detail.error)}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <>
          {steps
            .filter((s) => s.send_back)
            .map(
              (s) => s.send_back && <SendBackNote key={s.step_id} sendBack={s.send_back} task={s.position} />,
            )}
          {phone ? (
            <StepCards
              projectId={projectId}
              chapterId={chapterId}
              pageNum={num}
              steps={steps}
              pending={detail.isFetching && !detail.data}
              onSendBack={setSendBackOf}
              onHistory={setHistoryOf}
              onComments={setCommentsOf}
            />
          ) : (
            <Table<WorkStep>
              size="small"
              rowKey="step_id"
              columns={columns}
              dataSource={steps}
              loading={detail.isFetching && !detail.data}
              pagination={false}
              scroll={{ x: 1060 }}
              locale={{ emptyText: tableEmpty(t('chapterDetails.steps.empty')) }}
              aria-label={t('chapterDetails.steps.title', { num })}
            />
          )}
        </>
      )}
      <StepRejectDialog
        projectId={projectId}
        chapterId={chapterId}
        step={sendBackOf}
        onClose={() => setSendBackOf(null)}
      />
      <StepHistoryDialog
        projectId={projectId}
        chapterId={chapterId}
        pageNum={num}
        step={historyOf}
        onClose={() => setHistoryOf(null)}
      />
      <StepCommentsDialog projectId={projectId} step={commentsOf} onClose={() => setCommentsOf(null)} />
    </Modal>
  );
}
