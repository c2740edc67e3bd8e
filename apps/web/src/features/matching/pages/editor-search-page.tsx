import { useTranslation } from 'react-i18next';
import { PersonSearchScreen } from '../components/person-search-screen';

/** /editoralSearch/editoralSearch (編集者検索, menu role 1). */
export default function EditorSearchPage() {
  const { t } = useTranslation();
  return <PersonSearchScreen title={t('titles.editorSearch')} />;
}
