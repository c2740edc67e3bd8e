import { DeleteOutlined, EditOutlined, FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableEmpty } from '../../../components/table-empty';
import { formatTime } from '../../../lib/dates';
import { confirmDialog } from '../../../lib/feedback';
import { useDelDir } from '../api/del-dir';
import { type Folder, useFolders } from '../api/dir-list';
import { FilePanel } from './file-panel';
import { FolderNameDialog } from './folder-name-dialog';

/** 企画 (activeMenu 1): the folders; opening one shows its files. Deleting asks first (注意). */
export function FolderPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const folders = useFolders(projectId);
  const del = useDelDir(projectId);
  const [dialog, setDialog] = useState<Folder | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = folders.data?.list.find((f) => f.id === openId) ?? null;

  if (open) return <FilePanel projectId={projectId} folder={open} onBack={() => setOpenId(null)} />;

  const remove = async (folder: Folder) => {
    const sure = await confirmDialog(t('project.folders.deleteText'), t('project.folders.delete'), {
      title: t('project.folders.attention'),
      danger: true,
    });
    if (sure) del.mutate(folder.id);
  };

  const columns: TableColumnsType<Folder> = [
    {
      key: 'name',
      title: t('project.folders.name'),
      render: (_, f) => (
        <Button
          type="link"
          icon={<FolderOutlined aria-hidden="true" />}
          onClick={() => setOpenId(f.id)}
          aria-label={t('project.folders.openWho', { name: f.dirname })}
          style={{ paddingInline: 0 }}
        >
          {f.dirname}
        </Button>
      ),
    },
    { key: 'count', title: t('project.folders.fileCount'), dataIndex: 'fileCount', width: 110 },
    {
      key: 'created',
      title: t('project.folders.created'),
      width: 160,
      render: (_, f) => formatTime(f.create_time),
    },
    {
      key: 'action',
      title: t('project.folders.action'),
      width: 220,
      render: (_, f) => (
        <Flex gap={8} wrap>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden="true" />}
            onClick={() => setDialog(f)}
            aria-label={t('project.folders.renameWho', { name: f.dirname })}
          >
            {t('project.folders.rename')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={() => void remove(f)}
            aria-label={t('project.folders.deleteWho', { name: f.dirname })}
          >
            {t('project.folders.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <section aria-labelledby="project-folders-heading">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <h2 id="project-folders-heading" className="koma-card-heading">
          {t('project.folders.heading')}
        </h2>
        <Button
          type="primary"
          icon={<FolderAddOutlined aria-hidden="true" />}
          onClick={() => setDialog('new')}
        >
          {t('project.folders.create')}
        </Button>
      </Flex>
      <Table<Folder>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={folders.data?.list ?? []}
        pagination={false}
        scroll={{ x: 600 }}
        locale={{ emptyText: tableEmpty(t('project.folders.empty'), folders.isPending) }}
        aria-label={t('project.folders.heading')}
      />
      <FolderNameDialog projectId={projectId} target={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
