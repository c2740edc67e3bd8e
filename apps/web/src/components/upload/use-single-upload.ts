import { Upload, type UploadProps, type UploadRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../lib/api-client';
import { alertWarning, showLoggedOutDialog } from '../../lib/feedback';
import { checkFile, IMAGE_ACCEPT, PAGE_FILE_ACCEPT, type UploadKind } from './check-file';
import { customRequestOf, openFileDialog, type Send } from './upload-request';

const ACCEPT: Partial<Record<UploadKind, string>> = { image: IMAGE_ACCEPT, page: PAGE_FILE_ACCEPT };

/** What the file dialog offers; any file for a plain file. */
function acceptOf(kind: UploadKind): UploadProps['accept'] {
  const format = ACCEPT[kind];
  return format ? { format, filter: 'native' } : undefined;
}

/**
 * One file at a time through antd's Upload: the client check (the shared messages) before it,
 * `send` as its request with real progress, and a server failure as a warning titled 注意 with
 * the server's info. Spread `props` on the Upload, give it `ref`, and let its button call `open`.
 */
export function useSingleUpload<T>(
  kind: UploadKind,
  send: Send<T>,
  onUploaded?: (data: T, file: File) => void,
) {
  const { t } = useTranslation();
  const ref = useRef<UploadRef>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const props: UploadProps<T> = {
    // 'native': a dropped file of another type reaches the check below rather than vanishing.
    accept: acceptOf(kind),
    maxCount: 1,
    showUploadList: false,
    openFileDialogOnClick: false,
    beforeUpload: (file) => {
      const issue = checkFile(file, kind);
      setProblem(issue && t(`validation.${issue}`));
      return issue ? Upload.LIST_IGNORE : true;
    },
    customRequest: customRequestOf(send),
    onChange: ({ file }) => {
      setPercent(file.status === 'uploading' ? (file.percent ?? 0) : null);
      if (file.status === 'done') onUploaded?.(file.response as T, file.originFileObj as File);
      if (file.status !== 'error') return;
      if (file.error instanceof ApiError && file.error.loggedOut) showLoggedOutDialog();
      else alertWarning(t('upload.attention'), errorText(file.error));
    },
  };

  return { ref, props, percent, problem, open: () => openFileDialog(ref.current) };
}
