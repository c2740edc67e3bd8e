import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitledMatches } from '../route-handle';

/** トップ › current screen, from the routes' titles. */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const matches = useTitledMatches();
  const current = matches.at(-1);
  const items = [
    current?.pathname === '/dashboard'
      ? { key: 'top', title: t('titles.dashboard') }
      : { key: 'top', title: <Link to="/dashboard">{t('titles.dashboard')}</Link> },
  ];
  if (current?.parent) {
    items.push({
      key: current.parent.path,
      title: <Link to={current.parent.path}>{t(current.parent.title)}</Link>,
    });
  }
  if (current && current.pathname !== '/dashboard' && current.pathname !== '/') {
    items.push({ key: current.pathname, title: t(current.title) });
  }
  return <Breadcrumb items={items} aria-label={t('layout.breadcrumb')} />;
}
