import type { WorkStep } from '@koma/shared/schemas';
import { Alert, Button, Empty, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { formatTime } from '../../../lib/dates';
import { safeUrl } from '../../../lib/links';
import { useCommentList } from '../api/comment-list';
import './work-screen.css';

interface StepCommentsDialogProps {
  projectId: number;
  /** The step whose sendings back are shown; null: closed. */
  step: WorkStep | null;
  onClose: () => void;
}

/** コメント: the step's sendings back (who, when, the reason and the example image). */
export function StepCommentsDialog({ projectId, step, onClose }: StepCommentsDialogProps) {
  const { t } = useTranslation();
  const comments = useCommentList(projectId, step?.step_id ?? null);
  const list = comments.data?.list ?? [];
  const title = t('chapterDetails.comments.title', { task: step?.position ?? '' });

  let body: ReactNode;
  if (comments.isError && !comments.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('chapterDetails.comments.loadFailed')}
        description={errorText(comments.error)}
      />
    );
  } else if (!comments.data) {
    body = (
      <Spin description={t('common.loading')}>
        <div style={{ height: 60 }} />
      </Spin>
    );
  } else if (list.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  } else {
    body = (
      <ul
        className="koma-step-comments"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
        tabIndex={0}
        aria-label={title}
      >
        {list.map((c) => {
          const image = safeUrl(c.download_url, window.location.origin);
          const time = formatTime(c.create_time);
          return (
            <li key={c.id} className="koma-step-comment">
              <div className="koma-step-comment-head">
                <strong>{c.user}</strong>
                <span className="koma-step-comment-time">{time}</span>
              </div>
              <div className="koma-prewrap">{c.remark}</div>
              {image ? (
                <a href={image} target="_blank" rel="noopener noreferrer" className="koma-step-example">
                  <img src={image} alt={t('chapterDetails.comments.exampleAlt', { user: c.user, time })} />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Modal
      open={step !== null}
      title={title}
      width={600}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
