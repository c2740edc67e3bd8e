import { LANGUAGES } from '@koma/shared/constants';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useChangeLanguage } from './use-change-language';

/**
 * Language choice of the public screens: three small toggle buttons (ja / zh / en), plain
 * markup so the first page load stays light.
 */
export function LanguageRadio() {
  const { t } = useTranslation();
  const change = useChangeLanguage();
  const lang = currentLanguage();
  return (
    <fieldset aria-label={t('common.language')} className="koma-lang">
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === lang}
          className="koma-lang-button"
          onClick={() => void change(code)}
        >
          {t(`common.languages.${code}`)}
        </button>
      ))}
    </fieldset>
  );
}
