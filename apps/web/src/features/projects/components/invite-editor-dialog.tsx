import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInviteEditor } from '../api/invit-editor';
import { useEditorCandidates } from '../api/invit-editor-list';

interface InviteEditorDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

/** 担当編集者を招待: a select of the candidates; none chosen → 編集者を選択してください. */
export function InviteEditorDialog({ projectId, open, onClose }: InviteEditorDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userid?: number }>();
  const candidates = useEditorCandidates(projectId, open);
  const invite = useInviteEditor();
  const list = candidates.data?.list ?? [];

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.userid) return;
    try {
      await invite.mutateAsync({ projectid: projectId, userid: values.userid });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('project.invite.title')}
      width={550}
      okText={t('project.invite.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: invite.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="invite-editor" preserve={false}>
        <Form.Item
          name="userid"
          label={t('project.invite.editor')}
          required
          rules={[{ required: true, message: t('validation.editorRequired') }]}
        >
          <Select
            loading={candidates.isFetching}
            placeholder={t('common.none')}
            options={list.map((c) => ({ value: c.uid, label: c.nick }))}
          />
        </Form.Item>
      </Form>
      {candidates.data && list.length === 0 ? (
        <Alert type="info" showIcon title={t('project.invite.empty')} />
      ) : null}
    </Modal>
  );
}
