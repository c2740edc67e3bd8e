import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../lib/busy';

/** Fullscreen 読み込み中… overlay while calls that are not silent are in flight (docs/departures.md). */
export function BusyOverlay() {
  const busy = useBusy();
  const { t } = useTranslation();
  return <Spin fullscreen spinning={busy} delay={120} description={t('common.loading')} />;
}
