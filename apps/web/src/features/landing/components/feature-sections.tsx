import { FundOutlined, ProjectOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { Card, Col, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Feature {
  key: 'matching' | 'project' | 'recruitment' | 'revenue';
  icon: ReactNode;
  soon?: boolean;
}

const features: Feature[] = [
  { key: 'matching', icon: <TeamOutlined aria-hidden="true" /> },
  { key: 'project', icon: <ProjectOutlined aria-hidden="true" /> },
  { key: 'recruitment', icon: <UserAddOutlined aria-hidden="true" /> },
  { key: 'revenue', icon: <FundOutlined aria-hidden="true" />, soon: true },
];

/** The four features; revenue distribution is announced as coming soon. */
export function FeatureSections() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-features" style={{ padding: '64px 24px', background: '#ffffff' }}>
      <div style={{ maxWidth: 1120, margin: '0 auto' }}>
        <Typography.Title level={2} id="landing-features" style={{ textAlign: 'center' }}>
          {t('landing.features.title')}
        </Typography.Title>
        <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 40 }}>
          {t('landing.features.lead')}
        </Typography.Paragraph>
        <Row gutter={[24, 24]}>
          {features.map((feature) => (
            <Col key={feature.key} xs={24} md={12}>
              <Card style={{ height: '100%' }}>
                <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
                  <span style={{ fontSize: 32, color: '#2f54eb' }}>{feature.icon}</span>
                  <div>
                    <Typography.Title level={3} style={{ fontSize: 20, marginTop: 0 }}>
                      {t(`landing.features.${feature.key}.title`)}
                      {feature.soon ? (
                        <Tag style={{ marginLeft: 8, verticalAlign: 'middle' }}>{t('common.comingSoon')}</Tag>
                      ) : null}
                    </Typography.Title>
                    <Typography.Paragraph style={{ marginBottom: 0 }}>
                      {t(`landing.features.${feature.key}.body`)}
                    </Typography.Paragraph>
                  </div>
                </div>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
