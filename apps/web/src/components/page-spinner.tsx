import { useTranslation } from 'react-i18next';

/**
 * A centred spinner (pure CSS, so the first page load needs no spinner component). `still`: the
 * words alone, for the first screen of a visit, whose render an animation would slow down (see
 * `.koma-shell-line` in styles.css).
 */
export function PageSpinner({ still = false }: { still?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="koma-page-spinner" role="status" aria-live="polite">
      {still ? null : <span className="koma-spinner" aria-hidden="true" />}
      <span className="koma-page-spinner-text">{t('common.loading')}</span>
    </div>
  );
}
