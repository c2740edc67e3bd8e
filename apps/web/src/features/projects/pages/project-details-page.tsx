import { ArrowLeftOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../../components/loading/page-skeleton';
import { useProfilePopup } from '../../../components/profile-popup/use-profile-popup';
import { errorText } from '../../../lib/api-client';
import { idParam } from '../../../lib/id-param';
import { useCurrentUser } from '../../../lib/session';
import { useProjectDetail } from '../api/project-detail';
import { BoardDrawer } from '../components/board-drawer';
import { type OperateMenu, OperateTab } from '../components/operate-tab';
import { ProjectInfoTab } from '../components/project-info-tab';
import '../components/projects.css';

type TabName = 'projectInfo' | 'projectOperate';

/**
 * /projectDetails/projectDetails?proId=..&activeName=projectInfo|projectOperate&activeMenu=1|2|3&board=open
 * The detail tab is for any logged-in user; the operate tab and the message
 * board for members only.
 */
export default function ProjectDetailsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const proId = idParam(params.get('proId'));
  const detail = useProjectDetail(proId);
  const profile = useProfilePopup();
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  // A board notice opens the board (`&board=open`, docs/notices.md); members only see it.
  const boardAsked = params.get('board') === 'open';
  const [boardOpen, setBoardOpen] = useState(boardAsked);
  useEffect(() => {
    if (boardAsked) setBoardOpen(true);
  }, [boardAsked]);

  if (proId === null || (detail.isError && !detail.data)) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.projectDetails')}</h1>
        <Alert
          type="error"
          showIcon
          title={proId === null ? t('project.detail.missingId') : t('project.detail.loadFailed')}
          description={proId === null ? undefined : errorText(detail.error)}
          action={<Link to="/projectManagement/projectManagement">{t('project.detail.toList')}</Link>}
        />
      </>
    );
  }
  const project = detail.data;
  if (!project) return <PageSkeleton />;

  const member = project.isMember;
  const tab: TabName =
    member && params.get('activeName') === 'projectOperate' ? 'projectOperate' : 'projectInfo';
  const requestedMenu = params.get('activeMenu');
  const menu: OperateMenu =
    requestedMenu === '2' || requestedMenu === '3' || requestedMenu === '4' ? requestedMenu : '1';
  const go = (next: { activeName?: TabName; activeMenu?: OperateMenu }) => {
    const search = new URLSearchParams(params);
    if (next.activeName) search.set('activeName', next.activeName);
    if (next.activeMenu) search.set('activeMenu', next.activeMenu);
    setParams(search, { replace: true });
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <h1 className="koma-page-title koma-prewrap" style={{ margin: 0 }}>
          {project.title}
        </h1>
        <Flex gap={8} wrap>
          <Link to="/projectManagement/projectManagement">
            <ArrowLeftOutlined aria-hidden="true" /> {t('project.detail.toList')}
          </Link>
          {member ? (
            <Button icon={<MessageOutlined aria-hidden="true" />} onClick={() => setBoardOpen(true)}>
              {t('project.board.open')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => go({ activeName: key as TabName })}
          destroyOnHidden
          items={[
            {
              key: 'projectInfo',
              label: t('project.detail.info'),
              children: (
                <ProjectInfoTab
                  project={project}
                  viewerId={viewer.id}
                  onShowProfile={profile.show}
                  onLeft={() => navigate('/projectManagement/projectManagement')}
                />
              ),
            },
            ...(member
              ? [
                  {
                    key: 'projectOperate',
                    label: t('project.detail.operate'),
                    children: (
                      <OperateTab
                        project={project}
                        menu={menu}
                        onMenuChange={(activeMenu) => go({ activeMenu })}
                        onShowProfile={profile.show}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {member ? (
        <BoardDrawer projectId={project.proId} open={boardOpen} onClose={() => setBoardOpen(false)} />
      ) : null}
      {profile.popup}
    </>
  );
}
