import { LIMITS } from '@koma/shared';
import { useTranslation } from 'react-i18next';

/** "© 2025 Koma" (spec section 1: the copyright year is 2025). */
export function SiteFooter() {
  const { t } = useTranslation();
  return <footer className="koma-footer">{t('common.copyright', { year: LIMITS.copyrightYear })}</footer>;
}
