import { Alert, Button, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading/loading-skeleton';
import { errorText } from '../../../lib/api-client';
import { useMyInvitations } from '../api/my-invitations';
import { AnswerButtons } from '../components/answer-buttons';
import { OfferFacts } from '../components/offer-facts';
import '../components/invitations.css';

/**
 * /invitations (INVITATIONS_PATH): the team invitations waiting for my answer, where the notice
 * and the to-do lead (docs/access.md, "Inviting"). A yes opens the project.
 */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const mine = useMyInvitations();

  const body = () => {
    if (mine.isPending) return <LoadingSkeleton rows={3} />;
    if (mine.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={errorText(mine.error)}
          action={
            <Button size="small" onClick={() => void mine.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      );
    if (mine.data.length === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invitations.mine.empty')} />;
    return (
      <ul className="koma-invitation-list" aria-label={t('titles.invitations')}>
        {mine.data.map((item) => (
          <li key={item.id} className="koma-invitation">
            <OfferFacts
              title={item.project.title}
              inviter={item.inviter.nickname}
              part={item}
              expiresAt={item.expires_at}
            />
            <AnswerButtons which={{ invitationId: item.id }} projectTitle={item.project.title} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <h1 className="koma-page-title">{t('titles.invitations')}</h1>
      <Card>
        <Typography.Paragraph>{t('invitations.mine.lead')}</Typography.Paragraph>
        {body()}
      </Card>
    </>
  );
}
