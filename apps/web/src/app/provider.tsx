import { ConfigProvider } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isFeedbackHostWanted, subscribeFeedbackHost } from '../lib/feedback';
import { antdLocale, currentLanguage, i18n } from '../lib/i18n';
import { theme } from './theme';

const FeedbackHost = lazy(() => import('./feedback-host'));

/** Mounts the toast/dialog/busy host once something needs it (first call, first toast). */
function FeedbackMount() {
  const wanted = useSyncExternalStore(subscribeFeedbackHost, isFeedbackHostWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  );
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  // Re-renders on language change; antd and dayjs follow the interface language.
  useTranslation();
  const lang = currentLanguage();
  useEffect(() => {
    void import('./dayjs-locale').then((m) => m.applyDayjsLocale(lang));
  }, [lang]);
  return (
    // No space between two CJK characters in buttons (antd's default suits Chinese, not Japanese).
    <ConfigProvider locale={antdLocale(lang)} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
      <FeedbackMount />
    </ConfigProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedAntd>{children}</LocalisedAntd>
    </I18nextProvider>
  );
}
