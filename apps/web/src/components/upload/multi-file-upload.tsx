import { CloseOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadType } from '@koma/shared/constants';
import type { UploadData } from '@koma/shared/schemas';
import { Button, Flex, Progress, Upload, type UploadFile, type UploadProps, type UploadRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { showLoggedOutDialog } from '../../lib/feedback';
import { checkFile } from './check-file';
import { customRequestOf, openFileDialog, sendUpload } from './upload-request';
import './upload.css';

interface MultiFileUploadProps {
  uploadType: UploadType;
  /** Registers each uploaded file (e.g. POST /api/file/add); a rejection marks it failed. */
  onUploaded: (data: UploadData) => Promise<unknown>;
  dropText: string;
  hintText: string;
  buttonText: string;
  /** Accessible name of a row's progress bar, from the file name. */
  progressLabel: (name: string) => string;
  doneText: string;
  disabled?: boolean;
}

/** How long a finished row stays visible. */
const DONE_VISIBLE_MS = 3000;

/**
 * Upload several files at once by drag and drop (the drop zone is also a button) or with the
 * button. antd keeps the list (one file list for both); each file is checked, uploaded with its
 * real progress, then registered. A failure marks its row アップロード失敗 (or the client check's
 * message), an alert read out by assistive tech.
 */
export function MultiFileUpload(props: MultiFileUploadProps) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<UploadFile<UploadData>[]>([]);
  const button = useRef<UploadRef>(null);
  const drop = (uid: string) => setFiles((list) => list.filter((file) => file.uid !== uid));

  const upload: UploadProps<UploadData> = {
    multiple: true,
    showUploadList: false,
    disabled: props.disabled,
    fileList: files,
    // A failure's message is what its row says.
    customRequest: customRequestOf(async (file, onProgress, signal) => {
      const issue = checkFile(file, 'file');
      if (issue) throw new Error(t(`validation.${issue}`));
      try {
        const data = await sendUpload(props.uploadType)(file, onProgress, signal);
        await props.onUploaded(data);
        return data;
      } catch (error) {
        if (error instanceof ApiError && error.loggedOut) showLoggedOutDialog();
        throw new Error(t('validation.uploadFailed'));
      }
    }),
    onChange: ({ file, fileList }) => {
      setFiles(fileList);
      if (file.status === 'done') setTimeout(() => drop(file.uid), DONE_VISIBLE_MS);
    },
  };

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger {...upload}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden="true" />
        </p>
        <p className="ant-upload-text">{props.dropText}</p>
        <p className="ant-upload-hint">{props.hintText}</p>
      </Upload.Dragger>
      <div>
        <Upload ref={button} {...upload} openFileDialogOnClick={false}>
          <Button
            icon={<UploadOutlined aria-hidden="true" />}
            disabled={props.disabled}
            onClick={() => openFileDialog(button.current)}
          >
            {props.buttonText}
          </Button>
        </Upload>
      </div>
      {files.length ? (
        <ul className="koma-upload-queue">
          {files.map((file) => (
            <li key={file.uid} className="koma-upload-queue-item">
              <span className="koma-upload-queue-name">{file.name}</span>
              {file.status === 'error' ? (
                <Flex gap={8} align="center">
                  <span role="alert" className="koma-upload-error">
                    {file.error?.message}
                  </span>
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined aria-hidden="true" />}
                    aria-label={t('common.close')}
                    onClick={() => drop(file.uid)}
                  />
                </Flex>
              ) : (
                <Progress
                  percent={file.percent}
                  size="small"
                  // Not status 'success': its green text falls short of WCAG AA contrast.
                  status={file.status === 'done' ? 'normal' : 'active'}
                  strokeColor={file.status === 'done' ? '#389e0d' : undefined}
                  format={(p) => (file.status === 'done' ? props.doneText : `${p}%`)}
                  aria-label={props.progressLabel(file.name)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
