import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PageSpinner } from '../../../components/page-spinner';
import { PublicLayout } from '../../../components/public-layout';
import { errorText } from '../../../lib/api-client';
import { loginAfterSignUp } from '../../../lib/sign-up-return';
import { useCompleteRegistration } from '../api/complete-registration';
import { ResendConfirmationForm } from '../components/resend-confirmation-form';

/** /registration/complete?token=: the mailed link finishing the registration (docs/accounts.md). */
export default function RegistrationCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const complete = useCompleteRegistration();
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects (the token is single-use).
    if (started.current) return;
    started.current = true;
    if (token) complete.mutate(token);
  }, [token, complete]);

  const failed = !token || complete.isError;
  const heading = (text: string) => <h2 style={{ fontSize: 20, margin: 0 }}>{text}</h2>;

  return (
    <PublicLayout width={560}>
      {complete.isSuccess ? (
        <AuthCard title={t('auth.complete.title')}>
          <Result
            status="success"
            title={heading(t('auth.complete.successTitle'))}
            subTitle={complete.data.info || t('auth.complete.successBody')}
            extra={
              <Button
                type="primary"
                size="large"
                // Back to the page the sign-up started from (a mail invitation's) after the login.
                onClick={() => navigate(loginAfterSignUp())}
              >
                {t('auth.complete.toLogin')}
              </Button>
            }
          />
        </AuthCard>
      ) : failed ? (
        <AuthCard title={t('auth.complete.title')}>
          <Result
            status="warning"
            title={heading(t('auth.complete.failedTitle'))}
            subTitle={complete.isError ? errorText(complete.error) : t('validation.tokenRequired')}
          />
          <p>{t('auth.complete.resendLead')}</p>
          <ResendConfirmationForm name="complete-resend" />
        </AuthCard>
      ) : (
        <AuthCard title={t('auth.complete.title')}>
          <PageSpinner />
        </AuthCard>
      )}
    </PublicLayout>
  );
}
