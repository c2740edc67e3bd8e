import { useTranslation } from 'react-i18next';
import { PersonSearchScreen } from '../components/person-search-screen';

/** /authSearch/authSearch (漫画家検索, menu role 2). */
export default function AuthorSearchPage() {
  const { t } = useTranslation();
  return <PersonSearchScreen title={t('titles.authorSearch')} />;
}
