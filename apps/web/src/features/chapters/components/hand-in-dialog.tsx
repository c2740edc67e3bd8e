import { FileOutlined } from '@ant-design/icons';
import type { WorkStep } from '@koma/shared/schemas';
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { extensionOf } from '../../../components/upload/check-file';
import { viewerPath } from '../../viewer';
import './work-screen.css';

/** Formats a browser shows as an <img> by itself; PSD, TIFF and the like get an icon instead. */
const SHOWN_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

interface HandInDialogProps {
  projectId: number;
  chapterId: number;
  pageNum: number;
  step: WorkStep;
  /** The file chosen to hand in; the dialog is open while there is one. */
  file: File | null;
  /** Why the file cannot be sent (the client check), shown in place of the button. */
  problem: string | null;
  onSubmit: () => void;
  onCancel: () => void;
}

/** A picture of the chosen file made in the browser: nothing leaves the machine before 提出する. */
function useLocalPicture(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !SHOWN_TYPES.has(file.type)) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * A hand-in looks first (issue 30): the chosen file (a picture of it, or its type's icon, and its
 * name), who will approve it, and the red-pen marks still open on the step; with some open it
 * asks to resolve or reply to them first, and its button says the hand-in goes ahead anyway.
 */
export function HandInDialog({
  projectId,
  chapterId,
  pageNum,
  step,
  file,
  problem,
  onSubmit,
  onCancel,
}: HandInDialogProps) {
  const { t, i18n } = useTranslation();
  const picture = useLocalPicture(file);
  const openMarks = step.open_marks;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    step.hand_in_approvers.map((name) => t('chapterDetails.handIn.approverName', { name })),
  );
  const name = file?.name ?? '';
  const revision = step.renditions?.uploadId;

  return (
    <Modal
      open={file !== null}
      title={t('chapterDetails.handIn.title', { task: step.position })}
      okText={openMarks > 0 ? t('chapterDetails.handIn.submitAnyway') : t('chapterDetails.handIn.submit')}
      okButtonProps={{ disabled: problem !== null }}
      cancelText={t('common.cancel')}
      onOk={onSubmit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Flex gap={16} align="center" className="koma-hand-in-file">
          <div className="koma-hand-in-thumb">
            {picture ? (
              <img src={picture} alt={t('chapterDetails.handIn.preview', { name })} />
            ) : (
              <Flex vertical align="center" gap={4}>
                <FileOutlined aria-hidden="true" className="koma-hand-in-icon" />
                <span>{t('chapterDetails.handIn.noPreview', { ext: extensionOf(name).toUpperCase() })}</span>
              </Flex>
            )}
          </div>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'file',
                label: t('chapterDetails.handIn.file'),
                children: <span className="koma-hand-in-name">{name}</span>,
              },
              {
                key: 'approvers',
                label: t('chapterDetails.handIn.approvers'),
                children: names || t('chapterDetails.handIn.noApprovers'),
              },
            ]}
          />
        </Flex>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {openMarks > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={t('chapterDetails.handIn.openMarks', { count: openMarks })}
            description={
              revision ? (
                <Link to={viewerPath(projectId, chapterId, { page: pageNum, revision })}>
                  {t('chapterDetails.handIn.openMarksLink')}
                </Link>
              ) : null
            }
          />
        ) : (
          <Typography.Text type="secondary">{t('chapterDetails.handIn.noOpenMarks')}</Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
