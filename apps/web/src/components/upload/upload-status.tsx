import { Progress } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface UploadStatusProps {
  /** 0–100 while uploading, null when idle. */
  percent: number | null;
  /** Accessible name of the progress bar. */
  progressLabel: string;
  progressClassName: string;
  /** Shown under the bar (what may be uploaded). */
  hint?: ReactNode;
  /** Why the chosen file was refused (the client check's message). */
  problem: string | null;
}

/** The progress of one upload, in words as well as a bar, and the client check's refusal. */
export function UploadStatus({
  percent,
  progressLabel,
  progressClassName,
  hint,
  problem,
}: UploadStatusProps) {
  const { t } = useTranslation();
  return (
    <>
      {percent === null ? null : (
        <Progress
          percent={percent}
          size="small"
          // The bar says what it measures in words, not only to screen readers.
          format={(value) => t('upload.uploading', { percent: value })}
          className={progressClassName}
          aria-label={progressLabel}
        />
      )}
      {hint}
      {problem ? (
        <div role="alert" className="koma-upload-error">
          {problem}
        </div>
      ) : null}
    </>
  );
}
