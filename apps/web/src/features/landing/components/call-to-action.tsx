import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The closing band inviting the visitor to sign up or log in. */
export function CallToAction({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section style={{ padding: '56px 24px', background: '#1d2b7a', color: '#ffffff', textAlign: 'center' }}>
      <Typography.Title level={2} style={{ color: '#ffffff', marginTop: 0 }}>
        {t('landing.cta.title')}
      </Typography.Title>
      <Typography.Paragraph style={{ color: '#e6e8f5', fontSize: 16 }}>
        {t('landing.cta.body')}
      </Typography.Paragraph>
      <Flex justify="center" gap={12} wrap>
        <Button
          size="large"
          type="primary"
          onClick={() => navigate('/registration')}
          style={{ minWidth: 160 }}
        >
          {t('landing.cta.signUp')}
        </Button>
        <Button size="large" ghost onClick={() => navigate(loginPath)} style={{ minWidth: 160 }}>
          {t('landing.cta.login')}
        </Button>
      </Flex>
    </section>
  );
}
