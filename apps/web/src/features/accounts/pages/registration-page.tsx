import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PublicLayout } from '../../../components/public-layout';

const choiceStyle = {
  height: 'auto',
  padding: '16px 20px',
  textAlign: 'left',
  whiteSpace: 'normal',
} as const;

/** Account type: individual goes on to the form, corporate is not offered yet. */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [corporate, setCorporate] = useState(false);

  return (
    <PublicLayout width={560}>
      <AuthCard title={t('auth.registration.title')} description={t('auth.registration.lead')}>
        <Flex vertical gap={16}>
          <Button size="large" block style={choiceStyle} onClick={() => navigate('/creatUser')}>
            <Flex gap={16} align="center">
              <UserOutlined aria-hidden="true" style={{ fontSize: 28 }} />
              <span>
                <strong style={{ display: 'block', fontSize: 16 }}>
                  {t('auth.registration.individual')}
                </strong>
                <span>{t('auth.registration.individualNote')}</span>
              </span>
            </Flex>
          </Button>
          <Button size="large" block style={choiceStyle} onClick={() => setCorporate(true)}>
            <Flex gap={16} align="center">
              <BankOutlined aria-hidden="true" style={{ fontSize: 28 }} />
              <span>
                <strong style={{ display: 'block', fontSize: 16 }}>{t('auth.registration.corporate')}</strong>
                <span>{t('auth.registration.corporateNote')}</span>
              </span>
            </Flex>
          </Button>
          {corporate ? (
            <Alert
              type="info"
              showIcon
              title={t('auth.registration.corporateUnavailableTitle')}
              description={t('auth.registration.corporateUnavailable')}
            />
          ) : null}
        </Flex>
        <p style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
          {t('auth.registration.haveAccount')} <Link to="/login">{t('common.login')}</Link>
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
