import { TeamOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { FriendStatus, LoginAttr } from '@koma/shared/constants';
import type { ProfileDetail } from '@koma/shared/schemas';
import { Avatar, Button, Flex, Modal, Spin, Tag, Typography } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvitableProjects } from '../../features/invitations';
import { avatarUrl } from '../../lib/avatar-url';
import { useCurrentUser } from '../../lib/session';
import { OpenedOnce } from '../opened-once';
import { ProfileDescriptions } from '../profile-view/profile-descriptions';
import { useApplyFriend, useProfileDetail } from './profile-api';
import './profile-popup.css';

/** プロジェクトに招待's dialog loads on first click (docs/architecture.md: a dialog loaded on demand). */
const InviteToProjectDialog = lazy(
  () => import('../../features/invitations/components/invite-to-project-dialog'),
);

interface ProfilePopupProps {
  /** The person shown; null keeps the popup closed. */
  uid: number | null;
  onClose: () => void;
}

/**
 * The プロフィール popup (780 px): a person's details and a friend request.
 * If loading fails, the API client shows the error and the popup closes.
 */
export function ProfilePopup({ uid, onClose }: ProfilePopupProps) {
  const { t } = useTranslation();
  const detail = useProfileDetail(uid);
  const failed = uid !== null && detail.isError;

  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const profile = detail.data && detail.data.id === uid ? detail.data : null;
  return (
    <Modal
      open={uid !== null && !failed}
      width={780}
      title={t('popup.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      destroyOnHidden
    >
      {profile ? (
        <ProfileBody profile={profile} />
      ) : (
        <div className="koma-popup-loading">
          <Spin description={t('common.loading')}>
            <div style={{ height: 48 }} />
          </Spin>
        </div>
      )}
    </Modal>
  );
}

/** プロジェクトに招待: offers this person a part in a project the caller may invite to. */
function InviteToProject({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<TeamOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('invitations.toProject')}
      </Button>
      <OpenedOnce open={open}>
        <InviteToProjectDialog
          person={{ id: profile.id, nickname: profile.nickname }}
          open={open}
          onClose={() => setOpen(false)}
        />
      </OpenedOnce>
    </>
  );
}

function ProfileBody({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  const applyFriend = useApplyFriend();
  // A creator founds projects (the dialog says when she has none yet); anyone else is offered it
  // once a founder has allowed her to invite (docs/access.md, "Inviting").
  const creator = useCurrentUser().loginattr === LoginAttr.CREATOR;
  const invitable = useInvitableProjects(!creator && profile.friend.status !== FriendStatus.SELF);
  const mayInvite = creator || (invitable.data?.length ?? 0) > 0;
  const editor = profile.loginattr === LoginAttr.EDITOR;
  const status = profile.friend.status;
  const statusText =
    status === FriendStatus.PENDING
      ? t('popup.friendStatus.1')
      : status === FriendStatus.FRIENDS
        ? t('popup.friendStatus.2')
        : status === FriendStatus.SELF
          ? t('popup.friendStatus.3')
          : t('popup.friendStatus.0');
  const buttonText =
    status === FriendStatus.PENDING
      ? t('popup.requestPending')
      : status === FriendStatus.FRIENDS
        ? t('popup.alreadyFriends')
        : t('popup.friendRequest');

  return (
    <>
      <div className="koma-popup-header">
        {profile.icon ? (
          <img className="koma-popup-banner" src={profile.icon} alt={t('popup.bannerAlt')} />
        ) : (
          <div className="koma-popup-banner koma-popup-banner-empty" />
        )}
        <Flex className="koma-popup-identity" align="flex-end" gap={16} wrap>
          <Avatar
            size={80}
            src={avatarUrl(profile.pic)}
            icon={<UserOutlined aria-hidden="true" />}
            alt={t('popup.avatarAlt', { name: profile.nickname })}
            className="koma-popup-avatar"
          />
          <div className="koma-popup-names">
            <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} className="koma-prewrap">
              {profile.nickname}
            </Typography.Title>
            <Flex gap={4} wrap style={{ marginTop: 4 }}>
              {editor ? <Tag color="geekblue">{t('popup.editorLabel')}</Tag> : null}
              <Tag>{statusText}</Tag>
            </Flex>
          </div>
          {status === FriendStatus.SELF || !mayInvite ? null : <InviteToProject profile={profile} />}
          {status === FriendStatus.SELF ? null : (
            <Button
              type="primary"
              icon={<UserAddOutlined aria-hidden="true" />}
              disabled={status !== FriendStatus.NONE}
              loading={applyFriend.isPending}
              onClick={() => applyFriend.mutate(profile.id)}
            >
              {buttonText}
            </Button>
          )}
        </Flex>
      </div>
      <ProfileDescriptions profile={profile} achievements="list" />
    </>
  );
}
