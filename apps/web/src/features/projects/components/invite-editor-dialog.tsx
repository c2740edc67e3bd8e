import { LIMITS } from '@koma/shared/constants';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteEditor } from '../api/invit-editor';
import { useEditorCandidates } from '../api/invit-editor-list';

interface InviteEditorDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
}

interface InviteValues {
  userid?: number;
  message?: string;
}

/**
 * 担当編集者を招待: says who is listed (matched or befriended editors), finds any editor by name
 * or whole address, and takes an optional message of the founder's own (plain text). None chosen
 * → 編集者を選択してください.
 */
export function InviteEditorDialog({ projectId, open, onClose }: InviteEditorDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteValues>();
  const [keyword, setKeyword] = useState('');
  const candidates = useEditorCandidates(projectId, keyword, open);
  const invite = useInviteEditor();
  const list = candidates.data?.list ?? [];

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.userid) return;
    try {
      await invite.mutateAsync({
        projectid: projectId,
        userid: values.userid,
        message: values.message ?? '',
      });
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  const search = (text: string) => {
    setKeyword(text.trim());
    form.setFieldValue('userid', undefined);
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
      <p style={{ marginTop: 0 }}>{t('project.invite.hint')}</p>
      <Form form={form} layout="vertical" name="invite-editor" preserve={false}>
        <Form.Item label={t('project.invite.search')} htmlFor="invite-editor-search">
          <Input.Search
            id="invite-editor-search"
            allowClear
            maxLength={LIMITS.searchNickMax}
            enterButton={t('project.invite.searchButton')}
            onSearch={search}
            loading={candidates.isFetching && keyword !== ''}
          />
        </Form.Item>
        <Form.Item
          name="userid"
          label={keyword ? t('project.invite.found') : t('project.invite.editor')}
          required
          rules={[{ required: true, message: t('validation.editorRequired') }]}
        >
          <Select
            loading={candidates.isFetching}
            placeholder={t('common.none')}
            options={list.map((c) => ({ value: c.uid, label: c.nick }))}
          />
        </Form.Item>
        {candidates.data && list.length === 0 ? (
          <Alert
            type="info"
            showIcon
            title={keyword ? t('project.invite.notFound') : t('project.invite.empty')}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form.Item
          name="message"
          label={t('project.invite.message')}
          // The hint keeps clear of the character count under the field's right edge.
          extra={
            <span style={{ display: 'block', paddingInlineEnd: 72 }}>{t('project.invite.messageHint')}</span>
          }
          rules={[{ max: LIMITS.invitationMessageMax, message: t('validation.invitationMessageTooLong') }]}
        >
          <Input.TextArea rows={3} showCount maxLength={LIMITS.invitationMessageMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
