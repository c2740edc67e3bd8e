import { POSITIONS, RecruitState, referenceName } from '@koma/shared/constants';
import type { RecruitDetail } from '@koma/shared/schemas';
import { Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';

type PositionRow = RecruitDetail['details'][number];

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
function PositionState({ position, state }: { position: PositionRow; state: number }) {
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

interface RecruitTablesProps {
  detail: RecruitDetail;
  /** Names the two tables for assistive tech (e.g. 企画). */
  kindLabel: string;
}

/**
 * A recruitment as two tables: start, end, requirements and state; then each
 * position with headcount, applicants, hired and its own state (締切, 応募済み).
 */
export function RecruitTables({ detail, kindLabel }: RecruitTablesProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const periodColumns: TableColumnsType<RecruitDetail> = [
    { key: 'stime', title: t('project.recruit.stime'), width: 120, render: (_, d) => formatDay(d.stime) },
    { key: 'etime', title: t('project.recruit.etime'), width: 120, render: (_, d) => formatDay(d.etime) },
    {
      key: 'condition',
      title: t('project.recruit.requirements'),
      render: (_, d) => (
        <span className="koma-prewrap">{d.condition || t('project.recruit.noCondition')}</span>
      ),
    },
    {
      key: 'status',
      title: t('project.recruit.state'),
      width: 100,
      render: (_, d) => <RecruitStateTag state={d.state} />,
    },
  ];
  const positionColumns: TableColumnsType<PositionRow> = [
    {
      key: 'position',
      title: t('project.recruit.position'),
      render: (_, p) =>
        POSITIONS.some((e) => e.id === p.position_id)
          ? referenceName(POSITIONS, p.position_id, lang)
          : p.position,
    },
    { key: 'num', title: t('project.recruit.num'), dataIndex: 'num', width: 110 },
    { key: 'applynum', title: t('project.recruit.applynum'), dataIndex: 'applynum', width: 110 },
    { key: 'donenum', title: t('project.recruit.donenum'), dataIndex: 'donenum', width: 110 },
    {
      key: 'state',
      title: t('project.recruit.state'),
      width: 150,
      render: (_, p) => <PositionState position={p} state={detail.state} />,
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Table<RecruitDetail>
        size="small"
        rowKey="id"
        columns={periodColumns}
        dataSource={[detail]}
        pagination={false}
        scroll={{ x: 520 }}
        aria-label={t('project.recruit.periodTable', { kind: kindLabel })}
      />
      <Table<PositionRow>
        size="small"
        rowKey="position_id"
        columns={positionColumns}
        dataSource={detail.details}
        pagination={false}
        scroll={{ x: 590 }}
        aria-label={t('project.recruit.positionsTable', { kind: kindLabel })}
      />
    </Flex>
  );
}
