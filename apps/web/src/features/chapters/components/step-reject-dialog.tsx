import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { LIMITS, UploadType } from '@koma/shared/constants';
import type { UploadData, WorkStep } from '@koma/shared/schemas';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardOnClose } from '../../../components/form/use-unsaved-changes-guard';
import { UploadButton } from '../../../components/upload/upload-button';
import { useActionAuditReject } from '../api/action-audit-reject';

interface StepRejectDialogProps {
  projectId: number;
  chapterId: number;
  /** The step to send back; null: closed. */
  step: WorkStep | null;
  onClose: () => void;
}

/** 差し戻し: a required reason and an optional example image (upload type 15). */
export function StepRejectDialog({ projectId, chapterId, step, onClose }: StepRejectDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark: string }>();
  const reject = useActionAuditReject(projectId, chapterId);
  const [example, setExample] = useState<UploadData | null>(null);

  const dialog = useDiscardOnClose(() => {
    setExample(null);
    onClose();
  });

  const submit = async () => {
    if (!step) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await reject.mutateAsync({
        workflowStepId: step.step_id,
        remark: values.remark.trim(),
        filePath: example?.path ?? '',
      });
      dialog.close();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Modal
      open={step !== null}
      title={t('chapterDetails.sendBack.title', { task: step?.position ?? '' })}
      width={600}
      okText={t('chapterDetails.sendBack.send')}
      okButtonProps={{ danger: true, loading: reject.isPending }}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={dialog.cancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="step-send-back"
        preserve={false}
        onFinish={submit}
        onValuesChange={dialog.edited}
      >
        <Form.Item
          name="remark"
          label={t('chapterDetails.sendBack.remark')}
          required
          rules={[
            { required: true, whitespace: true, message: t('validation.remarkRequired') },
            { max: LIMITS.noteMax, message: t('validation.remarkTooLong') },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={LIMITS.noteMax} autoFocus />
        </Form.Item>
        <Form.Item label={t('chapterDetails.sendBack.example')} htmlFor="step-send-back-example">
          <Flex vertical gap={8} align="flex-start">
            <UploadButton
              id="step-send-back-example"
              uploadType={UploadType.SAMPLE}
              kind="image"
              buttonText={example ? t('upload.change') : t('upload.choose')}
              onUploaded={(data) => {
                setExample(data);
                dialog.edited();
              }}
            />
            {example ? (
              <Flex gap={8} align="center" wrap>
                <PaperClipOutlined aria-hidden="true" />
                <span className="koma-prewrap">{example.filename}</span>
                <Button
                  type="link"
                  danger
                  size="small"
                  icon={<DeleteOutlined aria-hidden="true" />}
                  onClick={() => setExample(null)}
                >
                  {t('chapterDetails.sendBack.removeExample')}
                </Button>
              </Flex>
            ) : null}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
