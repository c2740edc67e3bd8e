import { invitationLinkPath } from '@koma/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PublicLayout } from '../../../components/public-layout';
import { errorText } from '../../../lib/api-client';
import { clearQueryCache } from '../../../lib/query-cache';
import { setToken } from '../../../lib/token';
import { registerInvited } from '../api/register-invited';
import { InvitedSignUpForm, type InvitedSignUpValues } from './invited-sign-up-form';
import { LegalDialog } from './legal-dialog';
import type { LegalKind } from './legal-text';

/**
 * /creatUser?invitation=: the account is made and logged in at once (the mailed link proved the
 * address), and the person lands on the invitation to answer it.
 */
export function InvitedSignUp({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [legal, setLegal] = useState<LegalKind | null>(null);

  const onSubmit = async ({ nickname, password }: InvitedSignUpValues) => {
    setFailure(null);
    setPending(true);
    try {
      const session = await registerInvited({ token, email, nickname, password });
      setToken(session.token);
      // A new session: nothing cached for a previous one may be shown.
      clearQueryCache();
      navigate(invitationLinkPath(token), { replace: true });
    } catch (error) {
      setPending(false);
      setFailure(errorText(error));
    }
  };

  return (
    <PublicLayout width={520}>
      <AuthCard title={t('auth.signUp.invitedTitle')} description={t('auth.signUp.invitedLead')}>
        <InvitedSignUpForm
          email={email}
          pending={pending}
          failure={failure}
          onOpenLegal={setLegal}
          onSubmit={(values) => void onSubmit(values)}
        />
      </AuthCard>
      <LegalDialog kind={legal} onClose={() => setLegal(null)} />
    </PublicLayout>
  );
}
