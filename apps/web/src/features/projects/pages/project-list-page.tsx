import { PlusOutlined } from '@ant-design/icons';
import { hasAnyRole, Role } from '@koma/shared/constants';
import { Button, Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { ProjectListTab } from '../components/project-list-tab';

/**
 * /projectManagement/projectManagement (プロジェクト管理): role 1 sees
 * マイプロジェクト then 参加したプロジェクト and '+ プロジェクト作成'; others only the second tab.
 */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const author = hasAnyRole(user.roleIds, [Role.AUTHOR]);
  const [params, setParams] = useSearchParams();
  const tabs = [
    ...(author
      ? [{ key: 'mine', label: t('project.list.mine'), children: <ProjectListTab type={1} editable /> }]
      : []),
    {
      key: 'joined',
      label: t('project.list.joined'),
      children: <ProjectListTab type={2} editable={false} />,
    },
  ];
  const requested = params.get('tab');
  const active = tabs.some((tab) => tab.key === requested)
    ? (requested as string)
    : (tabs[0]?.key ?? 'joined');

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <h1 className="koma-page-title" style={{ margin: 0 }}>
          {t('titles.projectManagement')}
        </h1>
        {author ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => navigate('/projectManagement/createProject')}
          >
            {t('project.list.create')}
          </Button>
        ) : null}
      </Flex>
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={tabs}
          destroyOnHidden
        />
      </Card>
    </>
  );
}
