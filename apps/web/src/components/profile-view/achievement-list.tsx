import type { Achievement } from '@koma/shared/schemas';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { AchievementDetail } from './achievement-detail';

interface AchievementListProps {
  achievements: Achievement[];
  /** popover: work names that open the details (confirmation); list: every detail shown. */
  mode: 'popover' | 'list';
}

export function AchievementList({ achievements, mode }: AchievementListProps) {
  const { t } = useTranslation();
  if (achievements.length === 0) return <>{t('common.notEntered')}</>;
  if (mode === 'list') {
    return (
      <ol className="koma-plain-list">
        {achievements.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: achievements have no id; the order is the identity
          <li key={i}>
            <AchievementDetail achievement={a} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className="koma-plain-list koma-inline-list">
      {achievements.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: achievements have no id; the order is the identity
        <li key={i}>
          <Popover
            trigger={['hover', 'click']}
            title={a.workName}
            content={
              <div style={{ maxWidth: 360 }}>
                <AchievementDetail achievement={a} />
              </div>
            }
          >
            <Button size="small">{a.workName}</Button>
          </Popover>
        </li>
      ))}
    </ol>
  );
}
