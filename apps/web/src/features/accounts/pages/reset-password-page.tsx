import { LIMITS } from '@koma/shared/constants';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PublicLayout } from '../../../components/public-layout';
import { errorText } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { newPasswordRules, sameAsRule } from '../lib/rules';

interface ResetValues {
  password: string;
  passwordConfirm: string;
}

/** /resetPassword?token=: a new password with the sign-up rules (docs/accounts.md). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onFinish = async ({ password }: ResetValues) => {
    setFailure(null);
    try {
      const reply = await reset.mutateAsync({ token, password });
      setDone(reply.info || t('auth.reset.done'));
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  if (done) {
    return (
      <PublicLayout width={520}>
        <AuthCard title={t('auth.reset.title')}>
          <Result
            status="success"
            title={<h2 style={{ fontSize: 20, margin: 0 }}>{done}</h2>}
            extra={
              <Button type="primary" size="large" onClick={() => navigate('/login')}>
                {t('auth.complete.toLogin')}
              </Button>
            }
          />
        </AuthCard>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout width={480}>
      <AuthCard
        title={t('auth.reset.title')}
        description={t('auth.reset.lead', { min: LIMITS.newPasswordMin })}
      >
        {!token ? (
          <Alert type="warning" showIcon title={t('validation.tokenRequired')} style={{ marginBottom: 16 }} />
        ) : null}
        {failure ? (
          <Alert
            type="warning"
            showIcon
            title={failure}
            description={<Link to="/forgotPassword">{t('auth.reset.again')}</Link>}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form<ResetValues> name="reset-password" layout="vertical" size="large" onFinish={onFinish}>
          <Form.Item
            name="password"
            label={t('fields.newPassword')}
            rules={newPasswordRules(t)}
            validateFirst
            validateDebounce={LIMITS.fieldCheckDelayMs}
          >
            <Input.Password autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item
            name="passwordConfirm"
            required
            label={t('fields.newPasswordConfirm')}
            dependencies={['password']}
            rules={[sameAsRule('password', t('validation.passwordMismatch'))]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} disabled={!token}>
            {t('auth.reset.submit')}
          </Button>
        </Form>
      </AuthCard>
    </PublicLayout>
  );
}
