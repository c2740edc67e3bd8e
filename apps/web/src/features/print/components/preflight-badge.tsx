import type { PreflightFinding } from '@koma/shared/schemas';
import { Popover, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FindingList } from './finding-list';
import './print.css';

/**
 * A page's preflight at a glance: エラー or 警告 with their count, the reasons on hover or tap (a
 * button, so phones and the keyboard open it too); OK when nothing was found.
 */
export function PreflightBadge({ findings, num }: { findings: PreflightFinding[] | undefined; num: number }) {
  const { t } = useTranslation();
  if (!findings) return null;
  if (findings.length === 0) return <Tag color="success">{t('preflight.ok')}</Tag>;
  const errors = findings.filter((f) => f.level === 'error').length;
  const label =
    errors > 0
      ? t('preflight.errors', { count: errors })
      : t('preflight.warnings', { count: findings.length });
  return (
    <Popover
      trigger={['hover', 'click']}
      title={t('preflight.pageTitle', { num })}
      content={<FindingList findings={findings} />}
    >
      <button
        type="button"
        className="koma-preflight-badge"
        aria-label={`${t('preflight.pageTitle', { num })}: ${label}`}
        onClick={(e) => e.stopPropagation()}
      >
        <Tag color={errors > 0 ? 'error' : 'warning'}>{label}</Tag>
      </button>
    </Popover>
  );
}
