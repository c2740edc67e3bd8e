import { LIMITS } from '@koma/shared/constants';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import type { RecruitTarget } from '../../projects';
import { useApply } from '../api/apply';
import type { PositionOption } from '../lib/apply-positions';

interface ApplyDialogProps {
  open: boolean;
  title: string;
  target: RecruitTarget;
  /** Only the recruited positions that are the user's own. */
  positions: PositionOption[];
  onClose: () => void;
  /** Once closed: focus returns to 応募する, or lands here when applying has turned it off. */
  afterClose?: () => void;
}

/** 応募する: a position (when any fits), a message, 送信 → /api/recruit/apply. */
export function ApplyDialog({ open, title, target, positions, onClose, afterClose }: ApplyDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ posId?: number; message: string }>();
  const apply = useApply();
  const none = positions.length === 0;
  const dialog = useDiscardOnClose(onClose);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.posId) return;
    try {
      await apply.mutateAsync({ target, posId: values.posId, message: (values.message ?? '').trim() });
      dialog.close();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('projectSearch.apply.title')}
      width={550}
      okText={t('projectSearch.apply.send')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: none, loading: apply.isPending }}
      onOk={submit}
      onCancel={dialog.cancel}
      afterClose={afterClose}
      destroyOnHidden
    >
      <p className="koma-prewrap">{t('projectSearch.apply.lead', { title })}</p>
      {none ? (
        <Alert type="warning" showIcon title={t('projectSearch.apply.noPosition')} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="apply"
          preserve={false}
          initialValues={{ posId: positions.length === 1 ? positions[0]?.id : undefined, message: '' }}
          onValuesChange={dialog.edited}
        >
          <Form.Item
            name="posId"
            label={t('projectSearch.apply.position')}
            required
            rules={[{ required: true, message: t('validation.selectRequired') }]}
          >
            <Select
              options={positions.map((p) => ({ value: p.id, label: p.name }))}
              placeholder={t('common.none')}
            />
          </Form.Item>
          <Form.Item
            name="message"
            label={t('projectSearch.apply.message')}
            rules={[{ max: LIMITS.requestMessageMax, message: t('validation.messageTooLong') }]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              count={{ show: true, max: LIMITS.requestMessageMax }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
