import type { ProjectDetailData } from '@koma/shared/schemas';
import { Alert, Flex, Form, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PartFields, type PartValues, partLabel, toPart, WHOLE_PROJECT } from '../../invitations';
import { useChangeMember } from '../api/change-member';
import { useMemberWork } from '../api/member-work';
import { type Part, samePart, stepsLeftUncovered } from '../lib/part-cover';
import { OpenStepRow } from './open-step-row';

type Member = ProjectDetailData['users'][number];
type HeldPart = Member['parts'][number];

interface ChangePartDialogProps {
  projectId: number;
  member: Member;
  /** The part changed. */
  part: HeldPart;
  onClose: () => void;
}

const asPart = (p: HeldPart): Part => ({ posId: p.pos_id, chapterId: p.chapter_id });

/**
 * 担当を変更: the new position and scope of one part. The steps not yet approved that the member
 * would lose are listed first, to be handed over, like a removal's (docs/access.md, "Changing a part").
 */
export function ChangePartDialog({ projectId, member, part, onClose }: ChangePartDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PartValues>();
  const values = Form.useWatch([], form) as PartValues | undefined;
  const work = useMemberWork(projectId, member.userId, true);
  const change = useChangeMember();
  const from = asPart(part);
  const to = values ? toPart(values) : null;
  const same = to !== null && samePart(from, to);
  const uncovered =
    to && work.data ? stepsLeftUncovered(work.data.steps, member.parts.map(asPart), from, to) : [];
  const blocked = !work.data || same || uncovered.length > 0;

  const submit = async () => {
    const picked = await form.validateFields().catch(() => null);
    const next = picked ? toPart(picked) : null;
    if (!next || blocked) return;
    try {
      await change.mutateAsync({ projectId, userId: member.userId, from, to: next });
      onClose();
    } catch {
      // The API client has shown the server's words; a step may have been given meanwhile.
      void work.refetch();
    }
  };

  return (
    <Modal
      open
      title={t('invitations.change.title', { name: member.userName })}
      okText={t('invitations.change.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: blocked, loading: change.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('invitations.change.current')}: {partLabel(t, part)}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="change-part"
        initialValues={{ scope: part.chapter_id ?? WHOLE_PROJECT, posId: part.pos_id }}
      >
        <PartFields projectId={projectId} />
      </Form>
      {same ? <Typography.Text type="secondary">{t('invitations.change.same')}</Typography.Text> : null}
      {work.isPending ? (
        <Flex gap={8} align="center">
          <Spin size="small" />
          <span>{t('project.team.loading')}</span>
        </Flex>
      ) : uncovered.length > 0 ? (
        <Flex vertical gap={12}>
          <Alert
            type="warning"
            showIcon
            title={t('invitations.change.openWork', { count: uncovered.length })}
          />
          <ul className="koma-open-steps">
            {uncovered.map((s) => (
              <OpenStepRow key={s.step_id} projectId={projectId} step={s} canHand />
            ))}
          </ul>
        </Flex>
      ) : null}
    </Modal>
  );
}
