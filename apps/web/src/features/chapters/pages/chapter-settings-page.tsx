import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSkeleton } from '../../../components/loading/page-skeleton';
import { errorText } from '../../../lib/api-client';
import { useChapterDetails } from '../api/chapter-details';
import { usePageAssignment } from '../api/page-assignment';
import { usePositionMemberList } from '../api/position-member-list';
import { SettingsScreen } from '../components/settings-screen';
import { useChapterParams } from '../lib/chapter-params';

/**
 * /chapter/settings?projectId&chapterId: the page work flow (who does which task, in which
 * order, on every page). The founder edits; other members read it.
 */
export default function ChapterSettingsPage() {
  const params = useChapterParams();
  if (!params) return <SettingsProblem text="missingId" />;
  return <ChapterSettings projectId={params.projectId} chapterId={params.chapterId} />;
}

function ChapterSettings({ projectId, chapterId }: { projectId: number; chapterId: number }) {
  const details = useChapterDetails(projectId, chapterId);
  const assignment = usePageAssignment(projectId, chapterId);
  const positions = usePositionMemberList(projectId, chapterId);

  const failed = [details, assignment, positions].find((q) => q.isError && !q.data);
  if (failed) {
    return (
      <SettingsProblem
        text="loadFailed"
        error={failed.error}
        onRetry={() => {
          for (const q of [details, assignment, positions]) if (q.isError) void q.refetch();
        }}
      />
    );
  }
  if (!details.data || !assignment.data || !positions.data) return <PageSkeleton />;
  return (
    <SettingsScreen
      key={chapterId}
      details={details.data}
      assignment={assignment.data}
      positions={positions.data.list}
    />
  );
}

function SettingsProblem({
  text,
  error,
  onRetry,
}: {
  text: 'missingId' | 'loadFailed';
  error?: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="koma-page-title">{t('titles.chapterSettings')}</h1>
      <Alert
        type="error"
        showIcon
        title={t(`chapterSettings.${text}`)}
        description={error ? errorText(error) : undefined}
        action={
          onRetry ? (
            <Button size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : (
            <Link to="/projectManagement/projectManagement">{t('chapterSettings.toProjects')}</Link>
          )
        }
      />
    </>
  );
}
