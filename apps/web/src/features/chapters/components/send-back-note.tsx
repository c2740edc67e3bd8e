import type { SendBack } from '@koma/shared/schemas';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenditionImage } from '../../../components/rendition/rendition-image';
import { formatTime } from '../../../lib/dates';

/** The reason under a sent-back page's status in the work list: one line, the whole of it on hover. */
export function SendBackLine({ sendBack }: { sendBack: SendBack }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="danger" className="koma-send-back-line" ellipsis={{ tooltip: sendBack.remark }}>
      {t('chapterDetails.sendBackNote.line', { remark: sendBack.remark })}
    </Typography.Text>
  );
}

/**
 * Why a step of the page was sent back, at the top of the step dialog: who, when, the remark as
 * written (its line breaks kept) and the example image, which opens full size.
 */
export function SendBackNote({ sendBack, task }: { sendBack: SendBack; task: string }) {
  const { t } = useTranslation();
  const when = formatTime(sendBack.create_time);
  return (
    <Alert
      type="warning"
      showIcon
      className="koma-send-back-note"
      title={t('chapterDetails.sendBackNote.title', { task, user: sendBack.user, time: when })}
      description={
        <div className="koma-send-back-body">
          <p className="koma-send-back-remark">{sendBack.remark}</p>
          {sendBack.renditions && (
            <a href={sendBack.download_url} target="_blank" rel="noreferrer">
              <RenditionImage
                renditions={sendBack.renditions}
                size="thumb"
                alt={t('chapterDetails.comments.exampleAlt', { user: sendBack.user, time: when })}
              />
            </a>
          )}
        </div>
      }
    />
  );
}
