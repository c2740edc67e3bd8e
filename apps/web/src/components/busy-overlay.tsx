import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../lib/busy';

/** Fullscreen "Loading" overlay while calls that are not silent are in flight. */
export function BusyOverlay() {
  const busy = useBusy();
  const { t } = useTranslation();
  return <Spin fullscreen spinning={busy} delay={120} description={t('common.loading')} />;
}
