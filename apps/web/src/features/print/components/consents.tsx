import type { PreflightData } from '@koma/shared/schemas';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';

/** Who accepted the errors and who confirmed the warnings, and when (docs/print.md, "The final audit"). */
export function Consents({ preflight }: { preflight: PreflightData }) {
  const { t } = useTranslation();
  const { errors, warnings } = preflight.consents;
  if (!errors && !warnings) return null;
  return (
    <ul className="koma-preflight-findings">
      {errors ? (
        <li>{t('preflight.errorsAccepted', { nickname: errors.nickname, at: formatTime(errors.at) })}</li>
      ) : null}
      {warnings ? (
        <li>
          {t('preflight.warningsConfirmed', { nickname: warnings.nickname, at: formatTime(warnings.at) })}
        </li>
      ) : null}
    </ul>
  );
}
