import { Card, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Step {
  title: string;
  text: string;
}

/** /introduce: how production works on Koma (routed, hidden from the menu). */
export default function IntroducePage() {
  const { t } = useTranslation();
  const steps = t('introduce.steps', { returnObjects: true }) as unknown as Step[];
  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('introduce.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('introduce.lead')}</Typography.Paragraph>
      <Steps
        orientation="vertical"
        current={-1}
        items={steps.map((step) => ({ title: step.title, content: step.text, status: 'process' as const }))}
      />
    </Card>
  );
}
