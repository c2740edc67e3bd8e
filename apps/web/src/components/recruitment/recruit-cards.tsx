import type { RecruitDetail } from '@koma/shared/schemas';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/dates';
import { CardFacts, CardList } from '../card-list/card-list';
import { type PositionRow, PositionState, RecruitStateTag } from './recruit-state';

interface RecruitCardsProps {
  detail: RecruitDetail;
  kindLabel: string;
  positionName: (position: PositionRow) => string;
  condition: (detail: RecruitDetail) => ReactNode;
}

/**
 * A recruitment on a phone: its period, requirements and state as one card, then a card per
 * position with the same figures as the tables' rows (RecruitTables).
 */
export function RecruitCards({ detail, kindLabel, positionName, condition }: RecruitCardsProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <CardList
        items={[detail]}
        itemKey={(d) => d.id}
        label={t('project.recruit.periodTable', { kind: kindLabel })}
        empty={t('project.recruit.none')}
        renderItem={(d) => (
          <CardFacts
            facts={[
              { key: 'stime', label: t('project.recruit.stime'), value: formatDay(d.stime) },
              { key: 'etime', label: t('project.recruit.etime'), value: formatDay(d.etime) },
              { key: 'condition', label: t('project.recruit.requirements'), value: condition(d) },
              { key: 'state', label: t('project.recruit.state'), value: <RecruitStateTag state={d.state} /> },
            ]}
          />
        )}
      />
      <CardList
        items={detail.details}
        itemKey={(p) => p.position_id}
        label={t('project.recruit.positionsTable', { kind: kindLabel })}
        empty={t('project.recruit.none')}
        renderItem={(p) => (
          <>
            <strong>{positionName(p)}</strong>
            <CardFacts
              facts={[
                { key: 'num', label: t('project.recruit.num'), value: p.num },
                { key: 'applynum', label: t('project.recruit.applynum'), value: p.applynum },
                { key: 'donenum', label: t('project.recruit.donenum'), value: p.donenum },
                {
                  key: 'state',
                  label: t('project.recruit.state'),
                  value: <PositionState position={p} state={detail.state} />,
                },
              ]}
            />
          </>
        )}
      />
    </Flex>
  );
}
