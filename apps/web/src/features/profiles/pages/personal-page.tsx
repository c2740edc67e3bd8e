import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../../components/form/use-unsaved-changes-guard';
import { ProfileDescriptions } from '../../../components/profile-view/profile-descriptions';
import { avatarUrl } from '../../../lib/avatar-url';
import { useCurrentUser } from '../../../lib/session';
import { useSaveProfile } from '../api/save-profile';
import { CONFIRM_PATH, clearDraft, FORM_PATH, keptDraft, toProfileBody } from '../lib/profile-draft';

/**
 * /personalInfo/personalPage (確認画面): every value of the form, from the draft kept in memory
 * and session storage (so a reload shows it again; without one the form opens). 戻る returns to
 * the form with the values; 確定 saves and goes to /; leaving elsewhere asks first.
 */
export default function PersonalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const save = useSaveProfile();
  const draft = useMemo(() => keptDraft(user.id), [user.id]);
  const guard = useUnsavedChangesGuard(draft !== null, {
    keeps: (to) => to.pathname === FORM_PATH || to.pathname === CONFIRM_PATH,
    onDiscard: clearDraft,
    unload: false,
  });

  useEffect(() => {
    if (!draft) navigate(FORM_PATH, { replace: true });
  }, [draft, navigate]);

  if (!draft) return null;

  const back = () => navigate(FORM_PATH, { state: { draft } });
  const submit = async () => {
    try {
      await save.mutateAsync(toProfileBody(draft, user.loginattr));
    } catch {
      return; // The API client has shown the server's message.
    }
    clearDraft();
    guard.release();
    navigate('/', { replace: true });
  };

  return (
    <>
      <h1 className="koma-page-title">{t('profile.confirmTitle')}</h1>
      <Typography.Paragraph>{t('profile.confirmLead')}</Typography.Paragraph>
      <Card>
        <Flex gap={24} align="center" wrap style={{ marginBottom: 16 }}>
          <Flex vertical align="center" gap={4}>
            <Avatar
              size={80}
              src={avatarUrl(draft.pic)}
              icon={<UserOutlined aria-hidden="true" />}
              alt={t('upload.previewAlt', { label: t('fields.pic') })}
              style={{ background: '#2f54eb' }}
            />
            <span>{t('fields.pic')}</span>
          </Flex>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
            {draft.icon ? (
              <img
                src={draft.icon}
                alt={t('upload.previewAlt', { label: t('fields.icon') })}
                style={{ width: '100%', maxWidth: 480, height: 120, objectFit: 'cover', borderRadius: 8 }}
              />
            ) : (
              <span>{t('upload.noImage')}</span>
            )}
            <span>{t('fields.icon')}</span>
          </Flex>
        </Flex>
        <ProfileDescriptions
          profile={{ ...draft, loginattr: user.loginattr }}
          withIdentity
          achievements="popover"
        />
        <Flex justify="flex-end" gap={12} style={{ marginTop: 24 }}>
          <Button size="large" onClick={back} disabled={save.isPending}>
            {t('common.back')}
          </Button>
          <Button type="primary" size="large" onClick={submit} loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Flex>
      </Card>
    </>
  );
}
