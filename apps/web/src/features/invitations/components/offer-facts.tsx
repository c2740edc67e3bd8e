import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { partLabel } from '../lib/part-label';

interface OfferFactsProps {
  title: string;
  inviter: string;
  part: { position: string; chapter_title: string | null };
  expiresAt: string;
}

/** What an invitation offers: the project, who invites, the part, and until when it can be answered. */
export function OfferFacts({ title, inviter, part, expiresAt }: OfferFactsProps) {
  const { t } = useTranslation();
  return (
    <div className="koma-invitation-facts">
      <strong className="koma-prewrap">{t('invitations.link.offer', { inviter, title })}</strong>
      <span>{partLabel(t, part)}</span>
      <Typography.Text type="secondary">
        {t('invitations.expiresAt')} {formatDay(expiresAt)}
      </Typography.Text>
    </div>
  );
}
