import { LIMITS } from '@koma/shared/constants';
import { Alert, Button, Form, Input, type InputProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordRules } from '../lib/rules';
import type { LegalKind } from './legal-text';
import { AgreementItems, NicknameItem } from './sign-up-fields';
import './invited-sign-up.css';

export interface InvitedSignUpValues {
  nickname: string;
  password: string;
  agreement: boolean;
}

interface InvitedSignUpFormProps {
  /** The address the invitation went to: the account's, shown and never typed. */
  email: string;
  pending: boolean;
  /** The server's refusal, in words. */
  failure: string | null;
  onOpenLegal: (kind: LegalKind) => void;
  onSubmit: (values: InvitedSignUpValues) => void;
}

/** One password, typed once: a button shows what was typed, so a typo is seen rather than typed twice. */
function PasswordField(props: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      suffix={
        <Button
          type="text"
          size="small"
          className="koma-password-toggle"
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {t('auth.signUp.showPassword')}
        </Button>
      }
    />
  );
}

/**
 * The shortest sign-up, from a mail invitation (docs/accounts.md, "Signing up from an invitation"):
 * the invitation's address, a nickname, one password and the terms. The kind of account follows
 * from the invitation; the profile is filled in later.
 */
export function InvitedSignUpForm({
  email,
  pending,
  failure,
  onOpenLegal,
  onSubmit,
}: InvitedSignUpFormProps) {
  const { t } = useTranslation();
  return (
    <Form<InvitedSignUpValues>
      name="invited-sign-up"
      layout="vertical"
      initialValues={{ agreement: false }}
      onFinish={onSubmit}
      scrollToFirstError
    >
      {failure ? <Alert type="warning" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form.Item label={t('fields.email')} extra={t('auth.signUp.invitedEmail')} htmlFor="invited-email">
        <Input id="invited-email" type="email" value={email} readOnly />
      </Form.Item>
      <NicknameItem />
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={newPasswordRules(t)}
        validateFirst
        validateDebounce={LIMITS.fieldCheckDelayMs}
      >
        <PasswordField />
      </Form.Item>
      <AgreementItems onOpenLegal={onOpenLegal} />
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {t('auth.signUp.invitedSubmit')}
      </Button>
    </Form>
  );
}
