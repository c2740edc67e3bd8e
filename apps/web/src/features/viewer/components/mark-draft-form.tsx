import { LIMITS, type MarkShape, MarkShapeType } from '@koma/shared';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface MarkDraftFormProps {
  draft: MarkShape;
  saving: boolean;
  /** Why the server refused the last save, shown above the buttons. */
  error: string | null;
  onSave: (comment: string, text?: string) => void;
  onCancel: () => void;
}

/** The comment of a mark just drawn (and, for words on the page, the words); saved together. */
export function MarkDraftForm({ draft, saving, error, onSave, onCancel }: MarkDraftFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string; text?: string }>();
  const isText = draft.type === MarkShapeType.TEXT;
  const required = { required: true, whitespace: true, message: t('marks.required') };
  return (
    <Form
      form={form}
      layout="vertical"
      className="koma-mark-draft"
      aria-label={t('marks.draftTitle')}
      onFinish={(values) => onSave(values.comment, values.text)}
    >
      <Typography.Text strong>{t('marks.draftTitle')}</Typography.Text>
      {isText ? (
        <Form.Item name="text" label={t('marks.text')} rules={[required]}>
          <Input maxLength={LIMITS.markTextMax} showCount autoFocus />
        </Form.Item>
      ) : null}
      <Form.Item name="comment" label={t('marks.comment')} rules={[required]}>
        <Input.TextArea
          autoFocus={!isText}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={LIMITS.markCommentMax}
          showCount
          placeholder={t('marks.commentPlaceholder')}
        />
      </Form.Item>
      {error ? (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      ) : null}
      <Flex gap={8} justify="end">
        <Button onClick={onCancel}>{t('marks.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('marks.save')}
        </Button>
      </Flex>
    </Form>
  );
}
