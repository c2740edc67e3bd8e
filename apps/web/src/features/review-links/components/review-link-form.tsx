import { LIMITS } from '@koma/shared/constants';
import { Button, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChapterPages, useMakeReviewLink } from '../api/review-links';

interface Values {
  label: string;
  scope: 'chapter' | 'pages';
  pageIds: number[];
  days: number;
  password: string;
  comments: boolean;
  downloads: boolean;
  maxViews: number;
}

const DAY_CHOICES = [1, 3, 7, 14, LIMITS.reviewLinkDaysMax];

/** Makes a review link and shows it once: only its hash is kept (docs/access.md, "Review links"). */
export function ReviewLinkForm({ projectId, chapterId }: { projectId: number; chapterId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  const pages = useChapterPages(projectId, chapterId, scope === 'pages');
  const make = useMakeReviewLink(chapterId);
  const [made, setMade] = useState<string | null>(null);

  const submit = async (values: Values) => {
    const reply = await make
      .mutateAsync({
        projectId,
        chapterId,
        label: values.label ?? '',
        pageIds: values.scope === 'pages' ? values.pageIds : [],
        days: values.days,
        password: values.password ?? '',
        comments: values.comments,
        downloads: values.downloads,
        maxViews: values.maxViews,
      })
      .catch(() => null);
    if (!reply) return;
    setMade(reply.data.url);
    form.resetFields();
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        scope: 'chapter',
        pageIds: [],
        days: LIMITS.reviewLinkDaysDefault,
        comments: false,
        downloads: false,
        maxViews: LIMITS.reviewLinkViewsDefault,
      }}
      onFinish={submit}
    >
      {made ? (
        <div className="koma-review-made" role="status">
          <Typography.Text strong>{t('reviewLinks.madeTitle')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: made }} className="koma-review-url">
            {made}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('reviewLinks.madeHint')}</Typography.Text>
        </div>
      ) : null}
      <Form.Item name="label" label={t('reviewLinks.label')}>
        <Input maxLength={LIMITS.reviewLinkLabelMax} placeholder={t('reviewLinks.labelPlaceholder')} />
      </Form.Item>
      <Form.Item name="scope" label={t('reviewLinks.scope')}>
        <Radio.Group
          options={[
            { value: 'chapter', label: t('reviewLinks.scopeChapter') },
            { value: 'pages', label: t('reviewLinks.scopePages') },
          ]}
        />
      </Form.Item>
      {scope === 'pages' ? (
        <Form.Item
          name="pageIds"
          label={t('reviewLinks.pages')}
          rules={[{ required: true, type: 'array', min: 1, message: t('reviewLinks.pagesRequired') }]}
        >
          <Select
            mode="multiple"
            loading={pages.isPending}
            options={(pages.data?.list ?? []).map((p) => ({
              value: p.id,
              label: t('viewer.page', { num: p.num }),
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="days" label={t('reviewLinks.days')}>
        <Select
          options={DAY_CHOICES.map((d) => ({ value: d, label: t('reviewLinks.dayCount', { count: d }) }))}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('reviewLinks.password')}
        extra={t('reviewLinks.passwordHint')}
        rules={[{ min: LIMITS.reviewLinkPasswordMin, message: t('reviewLinks.passwordShort') }]}
      >
        <Input.Password autoComplete="new-password" maxLength={LIMITS.reviewLinkPasswordMax} />
      </Form.Item>
      <Form.Item name="maxViews" label={t('reviewLinks.maxViews')}>
        <InputNumber min={1} max={LIMITS.reviewLinkViewsMax} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="comments" label={t('reviewLinks.comments')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="downloads" label={t('reviewLinks.downloads')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={make.isPending} className="koma-review-make">
        {t('reviewLinks.make')}
      </Button>
    </Form>
  );
}
