import { LIMITS } from '@koma/shared/constants';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendConfirmation } from '../api/resend-confirmation';
import { emailRules } from '../lib/rules';

interface ResendConfirmationFormProps {
  /** Form name: keeps field ids unique when several forms share a screen. */
  name: string;
  initialEmail?: string;
}

/** Sends the registration confirmation mail again (POST /api/user/resendConfirmation). */
export function ResendConfirmationForm({ name, initialEmail }: ResendConfirmationFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setSent(null);
    setPending(true);
    // Failures are reported by the API client's toast.
    const reply = await resendConfirmation(email).catch(() => null);
    setPending(false);
    if (reply) setSent(reply.info || t('auth.resend.sent'));
  };

  return (
    <Form name={name} layout="vertical" onFinish={onFinish} initialValues={{ email: initialEmail ?? '' }}>
      <Form.Item
        name="email"
        label={t('auth.resend.emailLabel')}
        rules={emailRules(t)}
        validateFirst
        validateDebounce={LIMITS.fieldCheckDelayMs}
      >
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      {sent ? <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} /> : null}
      <Button htmlType="submit" loading={pending} block>
        {t('auth.resend.submit')}
      </Button>
    </Form>
  );
}
