import { TeamInvitationStatus } from '@koma/shared/constants';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { PageSpinner } from '../../../components/page-spinner';
import { PublicLayout } from '../../../components/public-layout';
import { withRedirect } from '../../../lib/safe-redirect';
import { rememberSignUpReturn } from '../../../lib/sign-up-return';
import { getToken } from '../../../lib/token';
import { type InvitationOffer, useInvitationLink } from '../api/invitation-link';
import { AnswerButtons } from '../components/answer-buttons';
import { OfferFacts } from '../components/offer-facts';
import '../components/invitations.css';

/** Why an invitation can no longer be answered, in the words the page says it. */
const CLOSED: Record<string, 'expired' | 'withdrawn' | 'accepted' | 'declined'> = {
  [TeamInvitationStatus.EXPIRED]: 'expired',
  [TeamInvitationStatus.WITHDRAWN]: 'withdrawn',
  [TeamInvitationStatus.ACCEPTED]: 'accepted',
  [TeamInvitationStatus.DECLINED]: 'declined',
};

/**
 * ログイン and 新規登録, both coming back here afterwards (the sign-up after its first login). The
 * sign-up opens on the form itself, the invitation's address filled in (issue 40 #14).
 */
function LoggedOutActions({ here, token }: { here: string; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('invitations.link.loginLead')}</Typography.Paragraph>
      <Flex gap={8} wrap>
        <Button type="primary" size="large" onClick={() => navigate(withRedirect('/login', here))}>
          {t('common.login')}
        </Button>
        <Button
          size="large"
          onClick={() => {
            rememberSignUpReturn(here);
            navigate(`/creatUser?invitation=${encodeURIComponent(token)}`);
          }}
        >
          {t('common.signUp')}
        </Button>
      </Flex>
    </Flex>
  );
}

function OfferBody({ offer, token, here }: { offer: InvitationOffer; token: string; here: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState(false);
  const closed = CLOSED[offer.status];
  const facts = (
    <OfferFacts
      title={offer.project_title}
      inviter={offer.inviter}
      part={offer}
      expiresAt={offer.expires_at}
    />
  );
  if (declined || closed)
    return (
      <Flex vertical gap={16}>
        {facts}
        <Alert
          type={declined ? 'success' : 'warning'}
          showIcon
          title={declined ? t('invitations.link.declinedNow') : t(`invitations.link.${closed ?? 'invalid'}`)}
        />
        {getToken() ? (
          <Button onClick={() => navigate('/dashboard')} style={{ alignSelf: 'flex-start' }}>
            {t('invitations.link.toDashboard')}
          </Button>
        ) : null}
      </Flex>
    );
  return (
    <Flex vertical gap={16}>
      {facts}
      {getToken() ? (
        <>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('invitations.link.answerLead')}
          </Typography.Paragraph>
          <AnswerButtons
            which={{ token }}
            projectTitle={offer.project_title}
            onDeclined={() => setDeclined(true)}
          />
        </>
      ) : (
        <LoggedOutActions here={here} token={token} />
      )}
    </Flex>
  );
}

/**
 * /invitation?token= (invitationLinkPath): what a mail invitation offers, open without login.
 * Logged out, it asks to log in or sign up and comes back here; logged in, it takes the answer.
 */
export default function InvitationLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const link = useInvitationLink(token);
  const here = `${location.pathname}${location.search}`;

  const body = () => {
    if (!token || link.isError)
      return <Alert type="warning" showIcon title={t('invitations.link.invalid')} />;
    if (link.isPending) return <PageSpinner />;
    return <OfferBody offer={link.data} token={token} here={here} />;
  };

  return (
    <PublicLayout width={560}>
      <AuthCard title={t('titles.invitationLink')}>{body()}</AuthCard>
    </PublicLayout>
  );
}
