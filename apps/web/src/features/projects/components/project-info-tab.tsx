import { PaperClipOutlined } from '@ant-design/icons';
import { ProjectStatus } from '@koma/shared/constants';
import type { ProjectDetailData } from '@koma/shared/schemas';
import { Col, Flex, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import defaultCover from '../../../components/project-card/default-cover.svg';
import { ProjectFacts } from '../../../components/project-facts/project-facts';
import { WatermarkSettings } from '../../access-record';
import { InviteMemberButton, ProjectInvitations } from '../../invitations';
import { EditorialSeats } from '../../seats';
import { FounderActions } from './founder-actions';
import { MemberList } from './member-list';
import { ProjectActivity } from './project-activity';

interface ProjectInfoTabProps {
  project: ProjectDetailData;
  viewerId: number;
  onShowProfile: (uid: number) => void;
  onLeft: () => void;
}

/**
 * The cover as a screen shows it: its preview, else its thumbnail; never the original
 * (docs/renditions.md). Renditions not made yet (a cover rendered seconds ago) show the default.
 */
function coverOf(project: ProjectDetailData): string {
  const made = project.renditions;
  return made?.preview || made?.thumb || defaultCover;
}

/**
 * プロジェクト詳細: cover, facts, the proposal's file name (a private upload with
 * no download call: the name only), the editor in charge and the members; founder buttons, and
 * メンバーを招待 with the invitations sent, for the founder and the members she allowed to invite
 * (docs/access.md, "Inviting").
 */
export function ProjectInfoTab({ project, viewerId, onShowProfile, onLeft }: ProjectInfoTabProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={24}>
      {project.isFounder ? <FounderActions project={project} /> : null}
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <img
            className="koma-cover-preview"
            src={coverOf(project)}
            alt={t('project.detail.coverAlt', { title: project.title })}
          />
        </Col>
        <Col xs={24} lg={16}>
          <ProjectFacts
            project={project}
            before={[
              {
                key: 'title',
                label: t('project.fields.title'),
                children: <span className="koma-prewrap">{project.title}</span>,
              },
              { key: 'author', label: t('project.fields.author'), children: project.nick },
              {
                key: 'status',
                label: t('project.fields.status'),
                children:
                  project.status === ProjectStatus.COMPLETED ? (
                    <Tag>{t('project.status.2')}</Tag>
                  ) : (
                    <Tag color="blue">{t('project.status.1')}</Tag>
                  ),
              },
            ]}
            after={[
              {
                key: 'proposal',
                label: t('project.fields.proposal'),
                children: project.proposalUrl ? (
                  // A signed, short-lived link: the server sends the file as an attachment.
                  <a
                    href={project.proposalUrl}
                    download={project.proposalfile || undefined}
                    rel="noopener noreferrer"
                    aria-label={t('project.detail.downloadProposal', { name: project.proposalfile })}
                  >
                    <PaperClipOutlined aria-hidden="true" />{' '}
                    {project.proposalfile || t('project.fields.proposal')}
                  </a>
                ) : (
                  t('project.detail.noProposal')
                ),
              },
              {
                key: 'editor',
                label: t('project.fields.editor'),
                children: project.editor?.nick ?? t('project.detail.noEditor'),
              },
            ]}
          />
        </Col>
      </Row>
      <section aria-labelledby="project-members-heading">
        <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
          <h2 id="project-members-heading" className="koma-card-heading">
            {t('project.fields.members')}
          </h2>
          {project.mayInvite ? (
            <InviteMemberButton
              projectId={project.proId}
              disabled={project.status !== ProjectStatus.ONGOING}
            />
          ) : null}
        </Flex>
        <MemberList
          projectId={project.proId}
          members={project.users}
          viewerId={viewerId}
          isFounder={project.isFounder}
          inviters={project.inviters}
          onShowProfile={onShowProfile}
          onLeft={onLeft}
        />
      </section>
      {project.isMember ? (
        <section aria-labelledby="project-seats-heading">
          <h2 id="project-seats-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
            {t('seats.title')}
          </h2>
          <EditorialSeats projectId={project.proId} ongoing={project.status === ProjectStatus.ONGOING} />
        </section>
      ) : null}
      {project.isMember ? (
        <section aria-labelledby="project-watermark-heading">
          <h2 id="project-watermark-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
            {t('watermark.title')}
          </h2>
          <WatermarkSettings projectId={project.proId} />
        </section>
      ) : null}
      {project.mayInvite ? (
        <section aria-labelledby="project-invitations-heading">
          <h2 id="project-invitations-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
            {t(project.isFounder ? 'invitations.sentTitle' : 'invitations.sentTitleMember')}
          </h2>
          <ProjectInvitations projectId={project.proId} viewerId={viewerId} />
        </section>
      ) : null}
      {project.isMember ? (
        <section aria-labelledby="project-activity-heading">
          <h2 id="project-activity-heading" className="koma-card-heading" style={{ marginBottom: 12 }}>
            {t('project.team.activity')}
          </h2>
          <ProjectActivity projectId={project.proId} />
        </section>
      ) : null}
    </Flex>
  );
}
