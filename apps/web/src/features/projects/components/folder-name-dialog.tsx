import { LIMITS } from '@koma/shared/constants';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import type { Folder } from '../api/dir-list';
import { useMakeDir } from '../api/make-dir';

interface FolderNameDialogProps {
  projectId: number;
  /** null: closed; 'new': create; a folder: rename it. */
  target: Folder | 'new' | null;
  onClose: () => void;
}

/** Create a folder, or rename one (POST /api/dir/makeDir with id). */
export function FolderNameDialog({ projectId, target, onClose }: FolderNameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ dirName: string }>();
  const make = useMakeDir(projectId);
  const renaming = target !== null && target !== 'new';
  const dialog = useDiscardOnClose(onClose);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await make.mutateAsync({ dirName: values.dirName.trim(), ...(renaming ? { id: target.id } : {}) });
      dialog.close();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={renaming ? t('project.folders.renameTitle') : t('project.folders.createTitle')}
      width={550}
      okText={t('project.folders.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: make.isPending }}
      onOk={submit}
      onCancel={dialog.cancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="folder-name"
        preserve={false}
        initialValues={{ dirName: renaming ? target.dirname : '' }}
        onFinish={submit}
        onValuesChange={dialog.edited}
      >
        <Form.Item
          name="dirName"
          label={t('project.folders.name')}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.folderNameRequired') },
            { max: LIMITS.folderNameMax, message: t('validation.folderNameTooLong') },
          ]}
        >
          <Input count={{ show: true, max: LIMITS.folderNameMax }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
