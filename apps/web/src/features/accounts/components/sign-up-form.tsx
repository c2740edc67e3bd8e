import { LIMITS } from '@koma/shared/constants';
import { Button, Checkbox, type CheckboxOptionType, Form, type FormInstance, Input, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { LoginAttrValue } from '../lib/attributes';
import { creativecapOptions } from '../lib/reference-options';
import { emailRules, newPasswordRules, sameAsRule } from '../lib/rules';
import type { LegalKind } from './legal-text';
import { AgreementItems, NicknameItem } from './sign-up-fields';

export interface SignUpValues {
  nickname: string;
  email: string;
  emailConfirm: string;
  password: string;
  passwordConfirm: string;
  type: number[];
  loginAttr?: LoginAttrValue;
  agreement: boolean;
}

interface SignUpFormProps {
  form: FormInstance<SignUpValues>;
  initialValues: Partial<SignUpValues>;
  /** Checks the attribute selections of the chosen attribute: a message key or null. */
  attributeProblem: () => string | null;
  onAttrChange: (value: LoginAttrValue) => void;
  onOpenLegal: (kind: LegalKind) => void;
  onSubmit: (values: SignUpValues) => void;
  /** The selection summary shown under the attribute radio. */
  summary: ReactNode;
}

const fail = (text: string) => Promise.reject(new Error(text));

interface CheckboxGroupFieldProps {
  options: CheckboxOptionType<number>[];
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  'aria-required'?: unknown;
}

/** A checkbox group as a form field; aria-required is not valid on a group of checkboxes. */
function CheckboxGroupField({ 'aria-required': _required, ...props }: CheckboxGroupFieldProps) {
  return <Checkbox.Group<number> {...props} />;
}

/** The sign-up fields and their rules. */
export function SignUpForm(props: SignUpFormProps) {
  const { t } = useTranslation();
  const delay = LIMITS.fieldCheckDelayMs;
  return (
    <Form<SignUpValues>
      form={props.form}
      name="sign-up"
      layout="vertical"
      initialValues={props.initialValues}
      onFinish={props.onSubmit}
      scrollToFirstError
    >
      <NicknameItem />
      <Form.Item
        name="email"
        label={t('fields.email')}
        rules={emailRules(t)}
        validateFirst
        validateDebounce={delay}
      >
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item
        name="emailConfirm"
        required
        label={t('fields.emailConfirm')}
        dependencies={['email']}
        rules={[sameAsRule('email', t('validation.emailMismatch'), true)]}
      >
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={newPasswordRules(t)}
        validateFirst
        validateDebounce={delay}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordConfirm"
        required
        label={t('fields.passwordConfirm')}
        dependencies={['password']}
        rules={[sameAsRule('password', t('validation.passwordMismatch'))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="type"
        required
        label={t('fields.creativecap')}
        rules={[
          {
            validator: (_, value: number[] | undefined) =>
              value?.length ? Promise.resolve() : fail(t('validation.creativecapRequired')),
          },
        ]}
      >
        <CheckboxGroupField options={creativecapOptions(currentLanguage())} />
      </Form.Item>
      <Form.Item
        name="loginAttr"
        required
        label={t('fields.loginAttr')}
        extra={t('auth.signUp.loginAttrHint')}
        rules={[
          {
            validator: (_, value: LoginAttrValue | undefined) => {
              if (!value) return fail(t('validation.loginAttrRequired'));
              const problem = props.attributeProblem();
              return problem ? fail(problem) : Promise.resolve();
            },
          },
        ]}
      >
        <Radio.Group onChange={(e) => props.onAttrChange(e.target.value as LoginAttrValue)}>
          <Radio value={1}>{t('options.loginAttr.1')}</Radio>
          <Radio value={2}>{t('options.loginAttr.2')}</Radio>
        </Radio.Group>
      </Form.Item>
      {props.summary}
      <AgreementItems onOpenLegal={props.onOpenLegal} />
      <Button type="primary" htmlType="submit" size="large" block>
        {t('auth.signUp.toConfirm')}
      </Button>
    </Form>
  );
}
