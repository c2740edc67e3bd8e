import { hasAnyRole, Role } from '@koma/shared/constants';
import { Alert, Col, Row, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../components/loading/page-skeleton';
import { OpenedOnce } from '../../../components/opened-once';
import { ApplyPairingDialog, type PairingTarget } from '../../../components/pairing/apply-pairing-dialog';
import { useProfilePopup } from '../../../components/profile-popup/use-profile-popup';
import { errorText } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useHomePage } from '../api/home-page';
import { ForecastsPanel } from '../components/forecasts-panel';
import { PairingRequestsPanel } from '../components/pairing-requests-panel';
import { PeoplePanel } from '../components/people-panel';
import { ProjectPanel } from '../components/project-panel';
import { TodoPanel } from '../components/todo-panel';

/**
 * Shown once, on the first login: its antd Modal loads only then, and the page waits for it so
 * that both appear together (the page's Suspense below).
 */
const FirstLoginDialog = lazy(() =>
  import('../components/first-login-dialog').then((m) => ({ default: m.FirstLoginDialog })),
);

const { AUTHOR, EDITOR, PLANNING_MEMBER, ARTIST, ASSISTANT, TRANSLATOR, PRODUCTION_STAFF } = Role;

/** /dashboard (トップ): the panels of the user's roles. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const roles = user.roleIds;
  const has = (...required: number[]) => hasAnyRole(roles, required);
  const home = useHomePage();
  const profile = useProfilePopup();
  const [target, setTarget] = useState<PairingTarget | null>(null);
  const data = home.data;
  const loading = home.isPending;

  const panels = [
    has(AUTHOR) && (
      <ProjectPanel
        key="project"
        title={t('dashboard.myProjects')}
        projects={data?.project}
        loading={loading}
        more={{ to: '/projectManagement/projectManagement', label: t('dashboard.more') }}
      />
    ),
    has(EDITOR, PLANNING_MEMBER, ARTIST, PRODUCTION_STAFF) && (
      <ProjectPanel
        key="join"
        title={t('dashboard.joinedProjects')}
        projects={data?.join}
        loading={loading}
      />
    ),
    has(AUTHOR) && (
      <PeoplePanel
        key="editor"
        title={t('dashboard.recommendedEditors')}
        people={data?.editor}
        loading={loading}
        onShowProfile={profile.show}
        onApply={setTarget}
      />
    ),
    has(EDITOR) && (
      <PeoplePanel
        key="originator"
        title={t('dashboard.recommendedOriginators')}
        people={data?.originator}
        loading={loading}
        onShowProfile={profile.show}
        onApply={setTarget}
      />
    ),
    has(AUTHOR, EDITOR) && (
      <PairingRequestsPanel
        key="pairs"
        requests={data?.pairs}
        loading={loading}
        onShowProfile={profile.show}
      />
    ),
    has(PLANNING_MEMBER, ARTIST, PRODUCTION_STAFF) && (
      <ProjectPanel
        key="recommend"
        title={t('dashboard.recommendedProjects')}
        projects={data?.recommend}
        loading={loading}
        measure="match"
      />
    ),
    has(ASSISTANT, TRANSLATOR) && (
      <ProjectPanel
        key="chapter"
        title={t('dashboard.recommendedCases')}
        projects={data?.chapter}
        loading={loading}
        more={{ to: '/chapterSearch/chapterSearch', label: t('dashboard.searchCases') }}
        measure="match"
      />
    ),
  ].filter(Boolean);

  return (
    // While the first-login dialog's code loads, the screen shows its shape rather than nothing.
    <Suspense fallback={<PageSkeleton />}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('dashboard.welcome', { name: user.nickname })}
      </Typography.Title>
      <Typography.Paragraph>{t('dashboard.lead')}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        {has(AUTHOR, EDITOR, ARTIST, ASSISTANT, PRODUCTION_STAFF) ? (
          <Col span={24}>
            <TodoPanel />
          </Col>
        ) : null}
        {data?.forecasts.length ? (
          <Col span={24}>
            <ForecastsPanel cards={data.forecasts} timeline={has(EDITOR)} />
          </Col>
        ) : null}
        {home.isError ? (
          <Col span={24}>
            <Alert type="error" showIcon title={errorText(home.error)} />
          </Col>
        ) : null}
        {panels.map((panel) => (
          <Col xs={24} xl={12} key={(panel as { key: string }).key}>
            {panel}
          </Col>
        ))}
      </Row>
      <ApplyPairingDialog target={target} onClose={() => setTarget(null)} />
      {profile.popup}
      <OpenedOnce open={user.isFirst} boundary={false}>
        <FirstLoginDialog />
      </OpenedOnce>
    </Suspense>
  );
}
