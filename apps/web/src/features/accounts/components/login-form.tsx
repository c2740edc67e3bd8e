import { Button, Form } from 'antd';
// Direct imports: the Input barrel also carries TextArea, Search and OTP, which login never uses.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { loginEmailRules, loginPasswordRules } from '../lib/rules';

export interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: LoginValues) => void;
}

/** E-mail, password with show/hide and the login button; Enter submits. */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  return (
    <Form<LoginValues> name="login" layout="vertical" size="large" onFinish={onSubmit} requiredMark={false}>
      <Form.Item name="email" label={t('fields.email')} rules={loginEmailRules(t)}>
        <Input type="email" autoComplete="username" inputMode="email" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={loginPasswordRules(t)}>
        <Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
