import { Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/feedback';
import { normaliseDraft, type ProfileDraft } from '../lib/profile-draft';
import { AboutFields } from './about-fields';
import { AchievementsField } from './achievements-field';
import { BasicFields } from './basic-fields';
import './profile-form.css';

interface ProfileFormProps {
  initial: ProfileDraft;
  creator: boolean;
  onConfirm: (draft: ProfileDraft) => void;
  /** The user changed a value (the screen then asks before it is left). */
  onEdit?: () => void;
}

const heading = (text: string) => <h2 className="koma-card-heading">{text}</h2>;

/** The profile edit form; 確認 leads to the confirmation screen. */
export function ProfileForm({ initial, creator, onConfirm, onEdit }: ProfileFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileDraft>();
  return (
    <Form<ProfileDraft>
      form={form}
      name="profile"
      layout="vertical"
      initialValues={initial}
      onValuesChange={onEdit}
      onFinish={(values) => onConfirm(normaliseDraft(values))}
      onFinishFailed={() => toastError(t('validation.checkRequired'))}
      scrollToFirstError
    >
      <Flex vertical gap={24}>
        <Card title={heading(t('profile.sections.basic'))}>
          <BasicFields creator={creator} />
        </Card>
        <Card title={heading(t('profile.sections.about'))}>
          <AboutFields />
        </Card>
        <Card title={heading(t('fields.achievements'))}>
          <AchievementsField />
        </Card>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" size="large">
            {t('profile.toConfirm')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
