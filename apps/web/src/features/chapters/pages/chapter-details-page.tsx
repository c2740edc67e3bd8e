import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorkScreen } from '../components/work-screen';
import { useChapterParams } from '../lib/chapter-params';

/** /chapter/details?projectId&chapterId: the chapter's work screen (pages, steps, final audit). */
export default function ChapterDetailsPage() {
  const { t } = useTranslation();
  const params = useChapterParams();
  if (!params) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.chapterDetails')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('chapterDetails.missingId')}
          action={<Link to="/projectManagement/projectManagement">{t('chapterDetails.toProjects')}</Link>}
        />
      </>
    );
  }
  return <WorkScreen key={`${params.projectId}-${params.chapterId}`} {...params} />;
}
