import { ApiStatus } from '@koma/shared/constants';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { LightButton, LightWarning } from '../../../components/light/light-controls';
import { PublicLayout } from '../../../components/public-layout';
import { ApiError, errorText } from '../../../lib/api-client';
import { clearQueryCache } from '../../../lib/query-cache';
import { safeRedirect } from '../../../lib/safe-redirect';
import { setToken } from '../../../lib/token';
import { login } from '../api/login';
import { LoginForm, type LoginValues } from '../components/login-form';

// Shown only on demand (or after a refusal for a provisional account), so loaded on demand.
const ResendConfirmationForm = lazy(async () => ({
  default: (await import('../components/resend-confirmation-form')).ResendConfirmationForm,
}));

interface Failure {
  info: string;
  provisional: boolean;
  email: string;
}

/** The login screen: a first-load screen, drawn without antd (components/light) to stay small. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [showResend, setShowResend] = useState(false);

  const onSubmit = async ({ email, password }: LoginValues) => {
    setFailure(null);
    const username = email.trim();
    setPending(true);
    try {
      const data = await login({ username, password });
      setToken(data.token);
      // A new session: nothing cached for a previous one may be shown.
      clearQueryCache();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setPending(false);
      const provisional = error instanceof ApiError && error.status === ApiStatus.FORBIDDEN;
      setFailure({ info: errorText(error), provisional, email: username });
      if (provisional) setShowResend(true);
    }
  };

  return (
    <PublicLayout width={440}>
      <AuthCard title={t('auth.login.title')} description={t('auth.login.lead')}>
        {failure ? (
          <div style={{ marginBottom: 16 }}>
            <LightWarning>{failure.info}</LightWarning>
          </div>
        ) : null}
        <LoginForm pending={pending} onSubmit={onSubmit} />
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 8,
            marginTop: 12,
          }}
        >
          <Link to="/forgotPassword">{t('auth.login.forgot')}</Link>
          <LightButton variant="link" onClick={() => setShowResend((v) => !v)}>
            {t('auth.login.resendToggle')}
          </LightButton>
        </div>
        {showResend ? (
          <div style={{ marginTop: 16 }}>
            <Suspense fallback={null}>
              <ResendConfirmationForm
                name="login-resend"
                initialEmail={failure?.email}
                key={failure?.email}
              />
            </Suspense>
          </div>
        ) : null}
        <p className="koma-divider">{t('auth.login.noAccount')}</p>
        <LightButton block onClick={() => navigate('/registration')}>
          {t('common.signUp')}
        </LightButton>
      </AuthCard>
    </PublicLayout>
  );
}
