import type { PreflightFinding } from '@koma/shared/schemas';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Findings in words, errors first (docs/print.md, "Preflight"); a rule gives a code once a page. */
export function FindingList({ findings }: { findings: PreflightFinding[] }) {
  const { t } = useTranslation();
  const sorted = [...findings].sort((a, b) => (a.level === b.level ? 0 : a.level === 'error' ? -1 : 1));
  return (
    <ul className="koma-preflight-findings">
      {sorted.map((f) => (
        <li key={f.code}>
          <Tag color={f.level === 'error' ? 'error' : 'warning'}>
            {t(`statuses.preflightLevel.${f.level}`)}
          </Tag>
          {t(`statuses.preflightReasons.${f.code}` as 'statuses.preflightReasons.noPages', {
            ...f.params,
            defaultValue: f.code,
          })}
        </li>
      ))}
    </ul>
  );
}
