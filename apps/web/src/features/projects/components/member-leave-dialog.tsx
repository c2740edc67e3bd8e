import { Alert, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeaveProject } from '../api/leave-project';
import { useMemberWork } from '../api/member-work';
import { useRemoveMember } from '../api/remove-member';
import { OpenStepRow } from './open-step-row';

interface MemberLeaveDialogProps {
  projectId: number;
  member: { userId: number; userName: string };
  /** 'remove': the founder removes the member; 'leave': the member leaves. */
  mode: 'remove' | 'leave';
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Removing a member, or leaving: their steps not yet approved are listed first and must be handed
 * over (by the founder) before the button ends the membership (docs/access.md, "Leaving a project").
 */
export function MemberLeaveDialog({
  projectId,
  member,
  mode,
  open,
  onClose,
  onDone,
}: MemberLeaveDialogProps) {
  const { t } = useTranslation();
  const work = useMemberWork(projectId, member.userId, open);
  const remove = useRemoveMember();
  const leave = useLeaveProject();
  const steps = work.data?.steps ?? [];
  const removing = mode === 'remove';
  const blocked = !work.data || steps.length > 0;

  const confirm = async () => {
    try {
      if (removing) await remove.mutateAsync({ projectId, userId: member.userId });
      else await leave.mutateAsync(projectId);
      onDone();
    } catch {
      // The API client has shown the server's message; the list may have changed meanwhile.
      void work.refetch();
    }
  };

  return (
    <Modal
      open={open}
      title={
        removing ? t('project.team.removeTitle', { name: member.userName }) : t('project.team.leaveTitle')
      }
      okText={removing ? t('project.team.removeOk') : t('project.team.leaveOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: blocked, loading: remove.isPending || leave.isPending }}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      {work.isPending ? (
        <Flex gap={8} align="center">
          <Spin size="small" />
          <span>{t('project.team.loading')}</span>
        </Flex>
      ) : steps.length > 0 ? (
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title={t(removing ? 'project.team.openWork' : 'project.team.openWorkOwn', {
              count: steps.length,
            })}
          />
          <ul className="koma-open-steps">
            {steps.map((s) => (
              <OpenStepRow key={s.step_id} projectId={projectId} step={s} canHand={removing} />
            ))}
          </ul>
        </Flex>
      ) : (
        <Typography.Paragraph>
          {removing
            ? t('project.team.removeConfirm', { name: member.userName })
            : t('project.team.leaveConfirm')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
