import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="koma-route-error">
      <h1>{t('errors.routeTitle')}</h1>
      <p>{t('errors.routeBody')}</p>
      <button type="button" className="koma-button-primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
