import { CheckCircleOutlined, SoundOutlined, UserAddOutlined } from '@ant-design/icons';
import { ProjectStatus } from '@koma/shared/constants';
import type { ProjectDetailData } from '@koma/shared/schemas';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/feedback';
import { useCompleteProject } from '../api/complete-project';
import { InviteEditorDialog } from './invite-editor-dialog';
import { RecruitDialog } from './recruit-dialog';

/**
 * The founder's buttons: invite an editor, recruit, mark the project completed.
 * A completed project takes no new recruitment (docs/recruitment.md): 募集する is off, and says why.
 */
export function FounderActions({ project }: { project: ProjectDetailData }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'invite' | 'recruit' | null>(null);
  const complete = useCompleteProject();
  const ongoing = project.status === ProjectStatus.ONGOING;

  const markCompleted = async () => {
    if (!(await confirmDialog(t('project.detail.completeConfirm'), t('project.detail.complete')))) return;
    complete.mutate(project.proId);
  };

  return (
    <section aria-label={t('project.detail.founderActions')}>
      <Flex gap={8} wrap>
        <Button
          icon={<UserAddOutlined aria-hidden="true" />}
          onClick={() => setDialog('invite')}
          disabled={project.editor !== null}
        >
          {t('project.detail.inviteEditor')}
        </Button>
        <Button
          type="primary"
          icon={<SoundOutlined aria-hidden="true" />}
          onClick={() => setDialog('recruit')}
          disabled={!ongoing}
          aria-describedby={ongoing ? undefined : 'project-completed-note'}
        >
          {t('project.detail.recruit')}
        </Button>
        {ongoing ? (
          <Button
            icon={<CheckCircleOutlined aria-hidden="true" />}
            onClick={() => void markCompleted()}
            loading={complete.isPending}
          >
            {t('project.detail.complete')}
          </Button>
        ) : null}
      </Flex>
      {ongoing ? null : (
        <Typography.Paragraph id="project-completed-note" type="secondary" style={{ margin: '8px 0 0' }}>
          {t('validation.projectCompletedLocked')}
        </Typography.Paragraph>
      )}
      <InviteEditorDialog
        projectId={project.proId}
        open={dialog === 'invite'}
        onClose={() => setDialog(null)}
      />
      <RecruitDialog projectId={project.proId} open={dialog === 'recruit'} onClose={() => setDialog(null)} />
    </section>
  );
}
