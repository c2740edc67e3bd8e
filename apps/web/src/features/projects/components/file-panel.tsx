import { ArrowLeftOutlined, CommentOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { UploadType } from '@koma/shared/constants';
import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableEmpty } from '../../../components/table-empty';
import { MultiFileUpload } from '../../../components/upload/multi-file-upload';
import { formatTime } from '../../../lib/dates';
import { confirmDialog, toastWarning } from '../../../lib/feedback';
import { useAddFile } from '../api/add-file';
import { useDelFile } from '../api/del-file';
import type { Folder } from '../api/dir-list';
import { fileDownloadUrl } from '../api/download-file';
import { type ProjectFile, useFiles } from '../api/files-in-dir';
import { formatSize } from '../lib/file-kind';
import { FileIcon } from './file-icon';
import { FileNotesDialog } from './file-notes-dialog';

/** Only web addresses are opened (never a javascript: or data: URL). */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

interface FilePanelProps {
  projectId: number;
  folder: Folder;
  onBack: () => void;
}

/** A folder's files: upload several at once, download (new window), comments, delete (注意). */
export function FilePanel({ projectId, folder, onBack }: FilePanelProps) {
  const { t } = useTranslation();
  const files = useFiles(projectId, folder.id);
  const addFile = useAddFile(projectId, folder.id);
  const del = useDelFile(projectId, folder.id);
  const [notesOf, setNotesOf] = useState<ProjectFile | null>(null);

  const download = async (file: ProjectFile) => {
    // Opened before the call so that the browser does not treat it as an unasked pop-up.
    const win = window.open('', '_blank');
    try {
      const url = safeUrl(await fileDownloadUrl(projectId, folder.id, file.id));
      if (!url) throw new Error('unsafe url');
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else if (!window.open(url, '_blank', 'noopener')) {
        toastWarning(t('project.files.popupBlocked'));
      }
    } catch {
      win?.close();
    }
  };

  const remove = async (file: ProjectFile) => {
    const sure = await confirmDialog(t('project.files.deleteText'), t('project.files.delete'), {
      title: t('project.folders.attention'),
      danger: true,
    });
    if (sure) del.mutate(file.id);
  };

  const columns: TableColumnsType<ProjectFile> = [
    {
      key: 'kind',
      title: t('project.files.kind'),
      width: 70,
      render: (_, f) => <FileIcon ext={f.fileext} filename={f.filename} />,
    },
    {
      key: 'name',
      title: t('project.files.name'),
      render: (_, f) => <span className="koma-prewrap">{f.filename}</span>,
    },
    { key: 'size', title: t('project.files.size'), width: 100, render: (_, f) => formatSize(f.size) },
    { key: 'uploader', title: t('project.files.uploader'), width: 140, render: (_, f) => f.user.nickname },
    { key: 'date', title: t('project.files.date'), width: 150, render: (_, f) => formatTime(f.create_time) },
    {
      key: 'action',
      title: t('project.files.action'),
      width: 300,
      render: (_, f) => (
        <Flex gap={8} wrap>
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden="true" />}
            onClick={() => void download(f)}
            aria-label={t('project.files.downloadWho', { name: f.filename })}
          >
            {t('project.files.download')}
          </Button>
          <Button
            size="small"
            icon={<CommentOutlined aria-hidden="true" />}
            onClick={() => setNotesOf(f)}
            aria-label={t('project.files.commentsWho', { name: f.filename })}
          >
            {t('project.files.comments')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={() => void remove(f)}
            aria-label={t('project.files.deleteWho', { name: f.filename })}
          >
            {t('project.files.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <section aria-labelledby="project-files-heading">
      <Flex vertical gap={16}>
        <div>
          <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={onBack}>
            {t('project.folders.back')}
          </Button>
        </div>
        <h2 id="project-files-heading" className="koma-card-heading">
          {t('project.files.heading', { name: folder.dirname })}
        </h2>
        <MultiFileUpload
          uploadType={UploadType.FILE}
          onUploaded={addFile}
          dropText={t('project.files.drop')}
          hintText={t('project.files.dropHint')}
          buttonText={t('project.files.choose')}
          progressLabel={(name) => t('project.files.progressWho', { name })}
          doneText={t('project.files.done')}
        />
        <Table<ProjectFile>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={files.data?.list ?? []}
          pagination={false}
          scroll={{ x: 860 }}
          locale={{ emptyText: tableEmpty(t('project.files.empty'), files.isPending) }}
          aria-label={t('project.files.heading', { name: folder.dirname })}
        />
      </Flex>
      <FileNotesDialog
        file={notesOf}
        fileRef={notesOf ? { projectId, dirId: folder.id, fileId: notesOf.id } : null}
        onClose={() => setNotesOf(null)}
      />
    </section>
  );
}
