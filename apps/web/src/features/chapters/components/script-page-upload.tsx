import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadStatus } from '../../../components/upload/upload-status';
import { useSingleUpload } from '../../../components/upload/use-single-upload';
import '../../../components/upload/upload.css';

interface ScriptPageUploadProps {
  num: number;
  /** The page has a file already: the button replaces it. */
  hasFile: boolean;
  disabled?: boolean;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
}

/**
 * A draft page's file upload: the shared client check (the page files renditions read, PSD and
 * TIFF among them, 100 MB), the real
 * progress, and a failure as a warning titled 注意 with the server's info, like the shared upload
 * button.
 */
export function ScriptPageUpload({ num, hasFile, disabled, upload }: ScriptPageUploadProps) {
  const { t } = useTranslation();
  const single = useSingleUpload('page', upload);
  const busy = single.percent !== null;
  const label = hasFile
    ? t('chapterScript.page.reuploadWho', { num })
    : t('chapterScript.page.uploadWho', { num });

  return (
    <div className="koma-script-upload">
      <Upload ref={single.ref} {...single.props} aria-label={label} disabled={disabled || busy}>
        <Button
          size="small"
          icon={<UploadOutlined aria-hidden="true" />}
          onClick={single.open}
          disabled={disabled}
          loading={busy}
          aria-label={label}
        >
          {hasFile ? t('chapterScript.page.reupload') : t('chapterScript.page.upload')}
        </Button>
      </Upload>
      <UploadStatus
        percent={single.percent}
        progressLabel={t('chapterScript.page.progressWho', { num })}
        progressClassName="koma-script-upload-progress"
        problem={single.problem}
      />
    </div>
  );
}
