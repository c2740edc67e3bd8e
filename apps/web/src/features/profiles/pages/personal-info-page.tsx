import { LoginAttr } from '@koma/shared';
import { Alert, Button, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createSearchParams, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useProfileDetail } from '../../../components/profile-popup/profile-api';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { ProfileForm } from '../components/profile-form';
import {
  decodeDraft,
  draftFromDetail,
  encodeDraft,
  keepDraft,
  type ProfileDraft,
} from '../lib/profile-draft';

/**
 * /personalInfo/personalInfo: the profile edit form, prefilled from cartoonserDetail?uid=<own id>,
 * or with the values brought back from the confirmation screen (history state).
 */
export default function PersonalInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const returned = useMemo(
    () => decodeDraft((location.state as { draft?: unknown } | null)?.draft),
    [location.state],
  );
  const stored = useProfileDetail(returned === null ? user.id : null);
  const initial = returned ?? (stored.data ? draftFromDetail(stored.data) : null);

  const confirm = (draft: ProfileDraft) => {
    keepDraft(draft);
    navigate({
      pathname: '/personalInfo/personalPage',
      search: `?${createSearchParams({ data: encodeDraft(draft) })}`,
    });
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
    </>
  );
}
