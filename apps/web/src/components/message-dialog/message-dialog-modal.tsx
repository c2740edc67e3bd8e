import { LIMITS } from '@koma/shared/constants';
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../components/form/use-unsaved-changes-guard';

export interface MessageDialogProps {
  open: boolean;
  title: string;
  /** What the dialog does, above the message. */
  lead?: ReactNode;
  okText: string;
  danger?: boolean;
  /** Sends the message; the dialog closes when it settles, success or not. */
  onSubmit: (message: string) => Promise<unknown>;
  onClose: () => void;
}

/** The dialog itself (loaded on first open by message-dialog.tsx). */
export default function MessageDialogModal({
  open,
  title,
  lead,
  okText,
  danger,
  onSubmit,
  onClose,
}: MessageDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ message: string }>();
  const [sending, setSending] = useState(false);
  const dialog = useDiscardOnClose(onClose);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      await onSubmit((values.message ?? '').trim());
    } catch {
      // The API client has shown the error.
    } finally {
      setSending(false);
      dialog.close();
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={550}
      okText={okText}
      okButtonProps={{ danger, loading: sending }}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={dialog.cancel}
      destroyOnHidden
    >
      {lead ? <div style={{ marginBottom: 12 }}>{lead}</div> : null}
      <Form
        form={form}
        layout="vertical"
        name="message-dialog"
        initialValues={{ message: '' }}
        preserve={false}
        onValuesChange={dialog.edited}
      >
        <Form.Item
          name="message"
          label={t('fields.messageOptional')}
          rules={[{ max: LIMITS.requestMessageMax, message: t('validation.messageTooLong') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            count={{ show: true, max: LIMITS.requestMessageMax }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
