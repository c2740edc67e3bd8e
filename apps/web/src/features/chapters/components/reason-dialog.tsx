import { LIMITS } from '@koma/shared/constants';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';

interface ReasonDialogProps {
  open: boolean;
  /** The form's name, unique on the page (it prefixes the field ids). */
  name: string;
  title: string;
  label: string;
  okText: string;
  pending: boolean;
  /** Sends the trimmed reason; a rejection keeps the dialog open (the API client has shown why). */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** A rejection that needs a reason ('否決理由を入力してください'): the editor's decisions share it. */
export function ReasonDialog({
  open,
  name,
  title,
  label,
  okText,
  pending,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const dialog = useDiscardOnClose(onClose);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await onSubmit(values.reason.trim());
      dialog.close();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={600}
      okText={okText}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={dialog.cancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name={name}
        preserve={false}
        onFinish={submit}
        onValuesChange={dialog.edited}
      >
        <Form.Item
          name="reason"
          label={label}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.rejectReasonRequired') },
            { max: LIMITS.noteMax, message: t('validation.rejectReasonTooLong') },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={LIMITS.noteMax} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
