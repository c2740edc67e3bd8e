import { useTranslation } from 'react-i18next';

/**
 * The logged-in frame (sidebar, 64 px top bar) with grey lines where the screen will be, shown
 * while the first screen of a visit or the user's info loads: never an empty page (issue 18).
 * Plain HTML and CSS (styles.css), so that the first download needs no component library.
 */
export function AppShellSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="koma-shell" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <div className="koma-shell-side" aria-hidden="true" />
      <div className="koma-shell-body">
        <div className="koma-shell-top" aria-hidden="true" />
        <div className="koma-shell-content">
          <span className="koma-shell-line koma-shell-title" aria-hidden="true" />
          <div className="koma-shell-card" aria-hidden="true">
            <span className="koma-shell-line" />
            <span className="koma-shell-line" />
            <span className="koma-shell-line koma-shell-short" />
          </div>
          <p className="koma-page-spinner-text">{t('common.loading')}</p>
        </div>
      </div>
    </div>
  );
}
