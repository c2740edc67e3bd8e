import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The vision, with the page's h1. */
export function VisionSection() {
  const { t } = useTranslation();
  return (
    <section style={{ padding: '72px 24px 56px', background: '#f5f6fa' }}>
      <div style={{ maxWidth: 880, margin: '0 auto', textAlign: 'center' }}>
        <Typography.Text strong style={{ letterSpacing: 2, color: '#2f54eb' }}>
          {t('landing.vision.eyebrow')}
        </Typography.Text>
        <Typography.Title level={1} style={{ fontSize: 'clamp(26px, 4vw, 38px)', marginTop: 8 }}>
          {t('landing.vision.title')}
        </Typography.Title>
        <Typography.Paragraph className="koma-prewrap" style={{ fontSize: 16, lineHeight: 2 }}>
          {t('landing.vision.body')}
        </Typography.Paragraph>
      </div>
    </section>
  );
}
