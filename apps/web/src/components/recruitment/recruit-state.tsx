import { RecruitState } from '@koma/shared/constants';
import type { RecruitDetail } from '@koma/shared/schemas';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type PositionRow = RecruitDetail['details'][number];

/** 募集予定 (not started), 募集中 or 終了: the recruitment's state as the server derives it. */
export function RecruitStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  if (state === RecruitState.ONGOING)
    return <Tag className="koma-tag-ok">{t('project.recruit.status.1')}</Tag>;
  if (state === RecruitState.SCHEDULED) return <Tag color="blue">{t('project.recruit.status.0')}</Tag>;
  return <Tag>{t('project.recruit.status.2')}</Tag>;
}

/**
 * A position's state: 締切 once as many are accepted as its number, otherwise the recruitment's;
 * 応募済み besides when the reader applied for it.
 */
export function PositionState({ position, state }: { position: PositionRow; state: number }) {
  const { t } = useTranslation();
  return (
    <Flex gap={4} wrap>
      {position.filled ? (
        <Tag>{t('project.recruit.positionState.filled')}</Tag>
      ) : (
        <RecruitStateTag state={state} />
      )}
      {position.applied ? <Tag color="blue">{t('project.recruit.positionState.applied')}</Tag> : null}
    </Flex>
  );
}
