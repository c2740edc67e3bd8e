import { LoginAttr } from '@koma/shared/constants';
import { Alert, Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/form/use-unsaved-changes-guard';
import { PageSpinner } from '../../../components/page-spinner';
import { useProfileDetail } from '../../../components/profile-popup/profile-api';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { CalendarFeedSection } from '../../calendar';
import { MailSettingsSection } from '../../mail-settings';
import { ProfileForm } from '../components/profile-form';
import {
  CONFIRM_PATH,
  clearDraft,
  decodeDraft,
  draftFromDetail,
  keepDraft,
  keptDraft,
  type ProfileDraft,
} from '../lib/profile-draft';

/**
 * /personalInfo/personalInfo: the profile edit form, prefilled from cartoonserDetail?uid=<own id>,
 * or with the values brought back from the confirmation screen (history state, or the draft kept
 * for it). Leaving with changes not yet saved asks first.
 */
export default function PersonalInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const returned = useMemo(
    () => decodeDraft((location.state as { draft?: unknown } | null)?.draft) ?? keptDraft(user.id),
    [location.state, user.id],
  );
  const [edited, setEdited] = useState(false);
  useUnsavedChangesGuard(edited || returned !== null, {
    keeps: (to) => to.pathname === CONFIRM_PATH,
    onDiscard: clearDraft,
  });
  const stored = useProfileDetail(returned === null ? user.id : null);
  const initial = returned ?? (stored.data ? draftFromDetail(stored.data) : null);

  const confirm = (draft: ProfileDraft) => {
    keepDraft(user.id, draft);
    navigate(CONFIRM_PATH);
  };

  return (
    <>
      <h1 className="koma-page-title">{t('profile.title')}</h1>
      <Typography.Paragraph>{t('profile.lead')}</Typography.Paragraph>
      {initial ? (
        <ProfileForm
          // A new draft (e.g. back from confirmation) starts a fresh form.
          key={returned ? 'returned' : 'stored'}
          initial={initial}
          creator={user.loginattr === LoginAttr.CREATOR}
          onConfirm={confirm}
          onEdit={() => setEdited(true)}
        />
      ) : stored.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(stored.error)}
          action={<Button onClick={() => void stored.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <PageSpinner />
      )}
      <CalendarFeedSection />
      <MailSettingsSection />
    </>
  );
}
