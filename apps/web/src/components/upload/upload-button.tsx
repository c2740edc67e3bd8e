import { UploadOutlined } from '@ant-design/icons';
import type { UploadType } from '@koma/shared/constants';
import type { UploadData } from '@koma/shared/schemas';
import { Button, Upload } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadKind } from './check-file';
import { sendUpload } from './upload-request';
import { UploadStatus } from './upload-status';
import { useSingleUpload } from './use-single-upload';
import './upload.css';

export interface UploadButtonProps {
  /** The id of the file input (a Form.Item label points at it). */
  id?: string;
  /** Accessible name of the file input when no label points at it. */
  inputLabel?: string;
  uploadType: UploadType;
  kind?: UploadKind;
  buttonText: string;
  disabled?: boolean;
  /** Busy after the upload (e.g. handing the file in): shown as loading, keeping the focus. */
  loading?: boolean;
  /** The visible button, e.g. to move the focus onto it. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** The stored upload, and the file it was made of (a form can show it without downloading it). */
  onUploaded: (data: UploadData, file: File) => void;
}

/**
 * Choose a file, check it on the client (the shared messages), upload it with progress.
 * A server failure opens a warning titled 注意 with the server's info.
 */
export function UploadButton({
  id,
  inputLabel,
  uploadType,
  kind = 'image',
  buttonText,
  disabled,
  loading,
  buttonRef,
  onUploaded,
}: UploadButtonProps) {
  const { t } = useTranslation();
  const upload = useSingleUpload(kind, sendUpload(uploadType), onUploaded);
  const busy = upload.percent !== null;

  return (
    <div className="koma-upload">
      <Upload
        ref={upload.ref}
        {...upload.props}
        id={id}
        aria-label={id ? undefined : inputLabel}
        disabled={disabled || busy || loading}
      >
        <Button
          ref={buttonRef}
          icon={<UploadOutlined aria-hidden="true" />}
          onClick={upload.open}
          disabled={disabled}
          loading={busy || loading}
        >
          {buttonText}
        </Button>
      </Upload>
      <UploadStatus
        percent={upload.percent}
        progressLabel={t('upload.progress')}
        progressClassName="koma-upload-progress"
        hint={
          <div className="koma-upload-hint">
            {kind === 'image' ? t('upload.imageHint') : t('upload.fileHint')}
          </div>
        }
        problem={upload.problem}
      />
    </div>
  );
}
