import { UploadOutlined } from '@ant-design/icons';
import type { UploadType } from '@koma/shared/constants';
import type { UploadData } from '@koma/shared/schemas';
import { Button, Progress } from 'antd';
import { type ChangeEvent, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../lib/api-client';
import { alertWarning, showLoggedOutDialog } from '../../lib/feedback';
import { checkFile, IMAGE_ACCEPT, type UploadKind } from './check-file';
import { uploadFile } from './upload-file';
import { useUploadProgress } from './use-upload-progress';
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
  const input = useRef<HTMLInputElement>(null);
  const progress = useUploadProgress();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress.percent !== null;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const issue = checkFile(file, kind);
    if (issue) {
      setProblem(t(`validation.${issue}`));
      return;
    }
    setProblem(null);
    progress.start();
    try {
      const data = await uploadFile(uploadType, file, progress.report);
      onUploaded(data, file);
    } catch (error) {
      if (error instanceof ApiError && error.loggedOut) showLoggedOutDialog();
      else alertWarning(t('upload.attention'), errorText(error));
    } finally {
      progress.finish();
    }
  };

  return (
    <div className="koma-upload">
      <input
        ref={input}
        id={id}
        type="file"
        className="koma-visually-hidden"
        tabIndex={-1}
        accept={kind === 'image' ? IMAGE_ACCEPT : undefined}
        aria-label={id ? undefined : inputLabel}
        disabled={disabled || busy || loading}
        onChange={onChange}
      />
      <Button
        ref={buttonRef}
        icon={<UploadOutlined aria-hidden="true" />}
        onClick={() => input.current?.click()}
        disabled={disabled}
        loading={busy || loading}
      >
        {buttonText}
      </Button>
      {busy ? (
        <Progress
          percent={progress.percent ?? 0}
          size="small"
          // The bar says what it measures in words, not only to screen readers.
          format={(percent) => t('upload.uploading', { percent })}
          className="koma-upload-progress"
          aria-label={t('upload.progress')}
        />
      ) : null}
      <div className="koma-upload-hint">
        {kind === 'image' ? t('upload.imageHint') : t('upload.fileHint')}
      </div>
      {problem ? (
        <div role="alert" className="koma-upload-error">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
