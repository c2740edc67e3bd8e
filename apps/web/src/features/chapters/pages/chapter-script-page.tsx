import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScriptScreen } from '../components/script-screen';
import { useChapterParams } from '../lib/chapter-params';

/** /chapter/script?projectId&chapterId: the chapter's storyboard (draft) pages. */
export default function ChapterScriptPage() {
  const { t } = useTranslation();
  const params = useChapterParams();
  if (!params) {
    return (
      <>
        <h1 className="koma-page-title">{t('titles.chapterScript')}</h1>
        <Alert
          type="error"
          showIcon
          title={t('chapterScript.missingId')}
          action={<Link to="/projectManagement/projectManagement">{t('project.detail.toList')}</Link>}
        />
      </>
    );
  }
  return <ScriptScreen key={`${params.projectId}-${params.chapterId}`} {...params} />;
}
