import { CREATIVECAPS, LIMITS, UploadType } from '@koma/shared/constants';
import { Button, Card, Flex, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { referenceOptions } from '../../../components/form/reference-options';
import { ImageUploadField } from '../../../components/upload/image-upload-field';
import { currentLanguage } from '../../../lib/i18n';
import {
  CHECKED_FIELDS,
  type DraftField,
  draftProblems,
  normaliseDraft,
  type ProjectDraft,
} from '../lib/project-draft';
import { GenreField } from './genre-field';
import { ProposalField } from './proposal-field';

interface ProjectFormProps {
  initial: ProjectDraft;
  onBack: () => void;
  onConfirm: (draft: ProjectDraft) => void;
  /** The user changed a value (the screen then asks before it is left). */
  onEdit?: () => void;
}

/**
 * プロジェクト情報. 確認画面 checks the fields and shows every failing message at its field at
 * once, the first in the spec's order scrolled to and focused; then the draft goes to the
 * confirmation screen.
 */
export function ProjectForm({ initial, onBack, onConfirm, onEdit }: ProjectFormProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<ProjectDraft>();

  const confirm = () => {
    const draft = normaliseDraft(form.getFieldsValue(true) as Partial<ProjectDraft>, initial.projectId);
    const problems = draftProblems(draft);
    form.setFields(
      CHECKED_FIELDS.map((name) => {
        const problem = problems.find((p) => p.field === name);
        return { name, errors: problem ? [t(`validation.${problem.key}`)] : [] };
      }),
    );
    const first = problems[0];
    if (first) {
      form.scrollToField(first.field, { block: 'center', focus: true });
      return;
    }
    onConfirm(draft);
  };

  return (
    <Form<ProjectDraft>
      form={form}
      name="project"
      layout="vertical"
      initialValues={initial}
      onFinish={confirm}
      onValuesChange={(changed: Partial<ProjectDraft>) => {
        form.setFields(Object.keys(changed).map((name) => ({ name: name as DraftField, errors: [] })));
        onEdit?.();
      }}
    >
      <Card title={<h2 className="koma-card-heading">{t('project.form.section')}</h2>}>
        <Form.Item name="icon" label={t('project.fields.cover')} required>
          <ImageUploadField
            uploadType={UploadType.COVER}
            preview="banner"
            label={t('project.fields.cover')}
          />
        </Form.Item>
        <Form.Item name="title" label={t('project.fields.title')} required>
          <Input count={{ show: true, max: LIMITS.projectTitleMax }} maxLength={LIMITS.projectTitleMax} />
        </Form.Item>
        <Form.Item name="kind" label={t('project.fields.kind')} required>
          <Radio.Group
            aria-label={t('project.fields.kind')}
            options={[
              { value: 1, label: t('project.kind.1') },
              { value: 2, label: t('project.kind.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label={t('project.fields.type')} required>
          <Radio.Group
            aria-label={t('project.fields.type')}
            options={[
              { value: 1, label: t('project.type.1') },
              { value: 2, label: t('project.type.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="creativecap" label={t('project.fields.creativecap')} required>
          <CheckboxGroupField
            options={referenceOptions(CREATIVECAPS, lang)}
            aria-label={t('project.fields.creativecap')}
          />
        </Form.Item>
        <Form.Item name="typeb" label={t('project.fields.typeb')} required>
          <GenreField label={t('project.fields.typeb')} />
        </Form.Item>
        <Form.Item name="proposals" label={t('project.fields.proposal')}>
          <ProposalField />
        </Form.Item>
        <Form.Item name="proposalfile" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('project.fields.summary')} required>
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 16 }}
            count={{ show: true, max: LIMITS.projectSummaryMax }}
            maxLength={LIMITS.projectSummaryMax}
          />
        </Form.Item>
      </Card>
      <Flex justify="flex-end" gap={12} style={{ marginTop: 24 }}>
        <Button size="large" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button type="primary" size="large" htmlType="submit">
          {t('project.form.toConfirm')}
        </Button>
      </Flex>
    </Form>
  );
}
