import { CloseOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadType } from '@koma/shared/constants';
import type { UploadData } from '@koma/shared/schemas';
import { Button, Flex, Progress, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUploadQueue } from './use-upload-queue';
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

/**
 * Upload several files at once by drag and drop (the drop zone is also a button) or with the
 * button, each with its own progress row.
 */
export function MultiFileUpload(props: MultiFileUploadProps) {
  const { t } = useTranslation();
  const queue = useUploadQueue(props.uploadType, props.onUploaded);
  const take = (file: File) => {
    void queue.add(file);
    // Nothing for antd to upload or list: the queue below shows the progress.
    return Upload.LIST_IGNORE;
  };

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger multiple showUploadList={false} beforeUpload={take} disabled={props.disabled}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden="true" />
        </p>
        <p className="ant-upload-text">{props.dropText}</p>
        <p className="ant-upload-hint">{props.hintText}</p>
      </Upload.Dragger>
      <div>
        <Upload multiple showUploadList={false} beforeUpload={take} disabled={props.disabled}>
          <Button icon={<UploadOutlined aria-hidden="true" />} disabled={props.disabled}>
            {props.buttonText}
          </Button>
        </Upload>
      </div>
      {queue.items.length ? (
        <ul className="koma-upload-queue">
          {queue.items.map((item) => (
            <li key={item.uid} className="koma-upload-queue-item">
              <span className="koma-upload-queue-name">{item.name}</span>
              {item.state === 'failed' ? (
                <Flex gap={8} align="center">
                  <span role="alert" className="koma-upload-error">
                    {item.problem}
                  </span>
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined aria-hidden="true" />}
                    aria-label={t('common.close')}
                    onClick={() => queue.dismiss(item.uid)}
                  />
                </Flex>
              ) : (
                <Progress
                  percent={item.percent}
                  size="small"
                  // Not status 'success': its green text falls short of WCAG AA contrast.
                  status={item.state === 'done' ? 'normal' : 'active'}
                  strokeColor={item.state === 'done' ? '#389e0d' : undefined}
                  format={(p) => (item.state === 'done' ? props.doneText : `${p}%`)}
                  aria-label={props.progressLabel(item.name)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
