import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../../../components/public-layout';
import { withRedirect } from '../../../lib/safe-redirect';
import { CallToAction } from '../components/call-to-action';
import { FeatureSections } from '../components/feature-sections';
import { HeroCarousel } from '../components/hero-carousel';
import { VisionSection } from '../components/vision-section';

/** /home: the landing page, open without login; ?redirect= is passed on to the login. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginPath = withRedirect('/login', params.get('redirect'));

  return (
    <PublicLayout
      width="full"
      actions={
        <>
          <Button onClick={() => navigate(loginPath)}>{t('common.login')}</Button>
          <Button type="primary" onClick={() => navigate('/registration')}>
            {t('common.signUp')}
          </Button>
        </>
      }
    >
      <HeroCarousel />
      <VisionSection />
      <FeatureSections />
      <CallToAction loginPath={loginPath} />
    </PublicLayout>
  );
}
