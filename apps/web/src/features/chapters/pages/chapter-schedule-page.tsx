import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScheduleScreen } from '../components/schedule-screen';
import { useChapterParams } from '../lib/chapter-params';

/** /chapter/schedule?projectId&chapterId: the chapter's due days and forecast (docs/schedule.md). */
export default function ChapterSchedulePage() {
  const { t } = useTranslation();
  const params = useChapterParams();
  if (!params) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.chapterSchedule')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('schedule.missingId')}
          action={<Link to="/projectManagement/projectManagement">{t('chapterDetails.toProjects')}</Link>}
        />
      </>
    );
  }
  return <ScheduleScreen key={`${params.projectId}-${params.chapterId}`} {...params} />;
}
