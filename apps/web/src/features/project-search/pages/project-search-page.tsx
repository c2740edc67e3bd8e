import { useTranslation } from 'react-i18next';
import { SearchScreen } from '../components/search-screen';

/** /projectSearch/projectSearch (プロジェクト検索, menu roles 3, 4, 7). */
export default function ProjectSearchPage() {
  const { t } = useTranslation();
  return (
    <SearchScreen mode="project" title={t('titles.projectSearch')} lead={t('projectSearch.projectLead')} />
  );
}
