import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getToken } from '../../../lib/token';

/** /404: the English not-found page (as in the original product), whatever the interface language. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const home = getToken() ? '/' : '/home';
  return (
    <main
      lang="en"
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#ffffff' }}
    >
      <Result
        status="404"
        title={<h1 style={{ fontSize: 48, margin: 0 }}>{t('notFound.code')}</h1>}
        subTitle={<p style={{ fontSize: 18, margin: 0 }}>{t('notFound.message')}</p>}
        extra={
          <Link to={home} style={{ fontSize: 16, fontWeight: 600 }}>
            {t('notFound.home')}
          </Link>
        }
      />
    </main>
  );
}
