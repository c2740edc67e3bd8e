import { useTranslation } from 'react-i18next';

/** A centred spinner (pure CSS, so the first page load needs no spinner component). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="koma-page-spinner" role="status" aria-live="polite">
      <span className="koma-spinner" aria-hidden="true" />
      <span className="koma-page-spinner-text">{t('common.loading')}</span>
    </div>
  );
}
