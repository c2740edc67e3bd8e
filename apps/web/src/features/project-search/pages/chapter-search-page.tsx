import { useTranslation } from 'react-i18next';
import { SearchScreen } from '../components/search-screen';

/** /chapterSearch/chapterSearch (案件検索, menu roles 5, 6, 7): chapter-level recruitment. */
export default function ChapterSearchPage() {
  const { t } = useTranslation();
  return (
    <SearchScreen mode="chapter" title={t('titles.chapterSearch')} lead={t('projectSearch.chapterLead')} />
  );
}
