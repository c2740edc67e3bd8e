import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useTitledMatches } from './route-handle';
import { RouteProgress } from './route-progress';
import { useHeadingFocus } from './use-heading-focus';
import { useScrollToTop } from './use-scroll-to-top';

/** Sets document.title from the deepest titled route (spec: every screen has a title). */
function DocumentTitle() {
  const { t } = useTranslation();
  const matches = useTitledMatches();
  const last = matches.at(-1);
  const title = last ? t(last.title) : '';
  useEffect(() => {
    const app = t('common.appName');
    document.title = title ? `${title} | ${app}` : app;
  }, [title, t]);
  return null;
}

export function RootLayout() {
  useScrollToTop();
  useHeadingFocus();
  return (
    <>
      <RouteProgress />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
