import { LIMITS } from '@koma/shared/constants';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PublicLayout } from '../../../components/public-layout';
import { useForgotPassword } from '../api/forgot-password';
import { emailRules } from '../lib/rules';

/** /forgotPassword: asks for a reset mail; the server always answers with the same info. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setSent(null);
    const reply = await forgot.mutateAsync(email).catch(() => null);
    if (reply) setSent(reply.info || t('auth.forgot.sent'));
  };

  return (
    <PublicLayout width={480}>
      <AuthCard title={t('auth.forgot.title')} description={t('auth.forgot.lead')}>
        {sent ? <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} /> : null}
        <Form name="forgot-password" layout="vertical" size="large" onFinish={onFinish}>
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={emailRules(t)}
            validateFirst
            validateDebounce={LIMITS.fieldCheckDelayMs}
          >
            <Input type="email" autoComplete="email" inputMode="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Form>
        <p style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
