import type { MemberWorkData } from '@koma/shared/schemas';
import { Alert, Button, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHandOver } from '../api/hand-over';
import { useLeaveProject } from '../api/leave-project';
import { useMemberWork } from '../api/member-work';
import { useRemoveMember } from '../api/remove-member';

type OpenStep = MemberWorkData['steps'][number];

interface MemberLeaveDialogProps {
  projectId: number;
  member: { userId: number; userName: string };
  /** 'remove': the founder removes the member; 'leave': the member leaves. */
  mode: 'remove' | 'leave';
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** One open step: what it is, its state, and (for the founder) whom to hand it to. */
function OpenStepRow({ projectId, step, canHand }: { projectId: number; step: OpenStep; canHand: boolean }) {
  const { t } = useTranslation();
  const [to, setTo] = useState<number | undefined>(undefined);
  const handOver = useHandOver();
  const label = t('project.team.step', {
    chapter: step.chapter_title,
    page: step.page_num,
    position: step.position,
  });
  return (
    <li className="koma-open-step">
      <Flex wrap gap={8} align="center" justify="space-between">
        <span>
          {label}{' '}
          <Typography.Text type="secondary">
            （{t(`statuses.step.${step.status}` as 'statuses.step.0', String(step.status))}）
          </Typography.Text>
        </span>
        {canHand ? (
          step.candidates.length === 0 ? (
            <Typography.Text type="warning">{t('project.team.noCandidate')}</Typography.Text>
          ) : (
            <Flex gap={8} wrap>
              <Select
                aria-label={`${t('project.team.handTo')}: ${label}`}
                placeholder={t('project.team.handTo')}
                style={{ minWidth: 160 }}
                value={to}
                onChange={setTo}
                options={step.candidates.map((c) => ({ value: c.id, label: c.nickname }))}
              />
              <Button
                disabled={to === undefined}
                loading={handOver.isPending}
                onClick={() => {
                  if (to === undefined) return;
                  handOver
                    .mutateAsync({
                      projectId,
                      chapterId: step.chapter_id,
                      stepId: step.step_id,
                      toUserId: to,
                    })
                    .catch(() => undefined);
                }}
              >
                {t('project.team.handOver')}
              </Button>
            </Flex>
          )
        ) : null}
      </Flex>
    </li>
  );
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
