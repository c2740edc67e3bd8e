import { LIMITS } from '@koma/shared/constants';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client';
import { openReview, useReviewAbout } from '../api/guest';

interface Values {
  name: string;
  password?: string;
}

/** Opening a review link: the guest's name (and the password when it has one); each open is a view. */
export function ReviewGate({
  linkToken,
  onOpened,
}: {
  linkToken: string;
  onOpened: (guestToken: string) => void;
}) {
  const { t } = useTranslation();
  const about = useReviewAbout(linkToken);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (about.isPending) return <Spin size="large" fullscreen tip={t('common.loading')} />;
  if (about.isError)
    return <Result status="warning" title={errorText(about.error)} className="koma-review-closed" />;

  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await openReview({
        token: linkToken,
        name: values.name,
        password: values.password ?? '',
      });
      onOpened(reply.guestToken);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="koma-review-gate">
      <Typography.Title level={1}>{t('review.title')}</Typography.Title>
      <Typography.Paragraph>{t('review.intro')}</Typography.Paragraph>
      {about.data.comments ? (
        <Typography.Paragraph>{t('review.commentsAllowed')}</Typography.Paragraph>
      ) : null}
      <Form<Values> layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="name"
          label={t('review.name')}
          extra={t('review.nameHint')}
          rules={[{ required: true, whitespace: true, message: t('review.nameRequired') }]}
        >
          <Input autoComplete="name" maxLength={LIMITS.reviewGuestNameMax} />
        </Form.Item>
        {about.data.needsPassword ? (
          <Form.Item
            name="password"
            label={t('review.password')}
            rules={[{ required: true, message: t('review.passwordRequired') }]}
          >
            <Input.Password autoComplete="off" />
          </Form.Item>
        ) : null}
        {error ? (
          <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('review.open')}
        </Button>
      </Form>
    </main>
  );
}
