import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, IMAGE_ACCEPT } from '../../../components/upload/check-file';
import { useUploadProgress } from '../../../components/upload/use-upload-progress';
import { ApiError, errorText } from '../../../lib/api-client';
import { alertWarning, showLoggedOutDialog } from '../../../lib/feedback';
import '../../../components/upload/upload.css';

interface ScriptPageUploadProps {
  num: number;
  /** The page has a file already: the button replaces it. */
  hasFile: boolean;
  disabled?: boolean;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
}

/**
 * A draft page's image upload: the shared client check (PNG/GIF/JPG/JPEG, 2 MB), the shared
 * progress (real events, else +5 every 300 ms), and a failure as a warning titled 注意 with the
 * server's info, like the shared upload button.
 */
export function ScriptPageUpload({ num, hasFile, disabled, upload }: ScriptPageUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const progress = useUploadProgress();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress.percent !== null;
  const label = hasFile
    ? t('chapterScript.page.reuploadWho', { num })
    : t('chapterScript.page.uploadWho', { num });

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const issue = checkFile(file, 'image');
    if (issue) {
      setProblem(t(`validation.${issue}`));
      return;
    }
    setProblem(null);
    progress.start();
    try {
      await upload(file, progress.report);
    } catch (error) {
      if (error instanceof ApiError && error.loggedOut) showLoggedOutDialog();
      else alertWarning(t('upload.attention'), errorText(error));
    } finally {
      progress.finish();
    }
  };

  return (
    <div className="koma-script-upload">
      <input
        ref={input}
        type="file"
        className="koma-visually-hidden"
        tabIndex={-1}
        accept={IMAGE_ACCEPT}
        aria-label={label}
        disabled={disabled || busy}
        onChange={onChange}
      />
      <Button
        size="small"
        icon={<UploadOutlined aria-hidden="true" />}
        onClick={() => input.current?.click()}
        disabled={disabled}
        loading={busy}
        aria-label={label}
      >
        {hasFile ? t('chapterScript.page.reupload') : t('chapterScript.page.upload')}
      </Button>
      {busy ? (
        <Progress
          percent={progress.percent ?? 0}
          size="small"
          // The bar says what it measures in words, not only to screen readers.
          format={(percent) => t('upload.uploading', { percent })}
          className="koma-script-upload-progress"
          aria-label={t('chapterScript.page.progressWho', { num })}
        />
      ) : null}
      {problem ? (
        <div role="alert" className="koma-upload-error">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
