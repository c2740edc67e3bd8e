import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * A thin bar across the top while the next screen loads (its code, as every route is lazy): the
 * old screen stays until the new one is ready, and the bar says that the click was taken (issue 18).
 * Plain CSS (styles.css): it is part of the first download.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="koma-route-progress" role="progressbar" aria-label={t('common.loading')}>
      <span className="koma-route-progress-bar" />
    </div>
  );
}
