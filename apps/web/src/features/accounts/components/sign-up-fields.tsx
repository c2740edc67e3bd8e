import { LIMITS } from '@koma/shared/constants';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LegalKind } from './legal-text';

/** The nickname of a new account, as every sign-up asks it. */
export function NicknameItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="nickname"
      label={t('fields.nickname')}
      rules={[{ required: true, whitespace: true, message: t('validation.nicknameRequired') }]}
    >
      <Input maxLength={LIMITS.nicknameMax} showCount autoComplete="nickname" />
    </Form.Item>
  );
}

/** The terms and the privacy policy (each opened in a dialog) and the agreement to both. */
export function AgreementItems({ onOpenLegal }: { onOpenLegal: (kind: LegalKind) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        {t('auth.signUp.legalLead')}
        <Button type="link" onClick={() => onOpenLegal('terms')} style={{ paddingInline: 4 }}>
          {t('legal.terms.title')}
        </Button>
        <Button type="link" onClick={() => onOpenLegal('privacy')} style={{ paddingInline: 4 }}>
          {t('legal.privacy.title')}
        </Button>
      </div>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[
          {
            validator: (_, value: boolean | undefined) =>
              value ? Promise.resolve() : Promise.reject(new Error(t('validation.agreementRequired'))),
          },
        ]}
      >
        <Checkbox>{t('auth.signUp.agree')}</Checkbox>
      </Form.Item>
    </>
  );
}
