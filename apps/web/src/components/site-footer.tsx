import { LIMITS } from '@koma/shared/constants';
import { useTranslation } from 'react-i18next';

/** "© 2025 Koma": the copyright year stays 2025, as in the original product. */
export function SiteFooter() {
  const { t } = useTranslation();
  return <footer className="koma-footer">{t('common.copyright', { year: LIMITS.copyrightYear })}</footer>;
}
