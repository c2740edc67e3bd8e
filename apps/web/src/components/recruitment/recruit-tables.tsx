import { POSITIONS, referenceName } from '@koma/shared/constants';
import type { RecruitDetail } from '@koma/shared/schemas';
import { Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/dates';
import { currentLanguage } from '../../lib/i18n';
import { usePhone } from '../../lib/use-phone';
import { RecruitCards } from './recruit-cards';
import { type PositionRow, PositionState, RecruitStateTag } from './recruit-state';

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
  const phone = usePhone();
  const positionName = (p: PositionRow) =>
    POSITIONS.some((e) => e.id === p.position_id)
      ? referenceName(POSITIONS, p.position_id, lang)
      : p.position;
  const condition = (d: RecruitDetail) => (
    <span className="koma-prewrap">{d.condition || t('project.recruit.noCondition')}</span>
  );
  // On a phone the two tables are cards: a table scrolling sideways with nothing in it to focus
  // is out of reach by keys, and its last columns out of sight (issue 30 §5).
  if (phone)
    return (
      <RecruitCards detail={detail} kindLabel={kindLabel} positionName={positionName} condition={condition} />
    );
  const periodColumns: TableColumnsType<RecruitDetail> = [
    { key: 'stime', title: t('project.recruit.stime'), width: 120, render: (_, d) => formatDay(d.stime) },
    { key: 'etime', title: t('project.recruit.etime'), width: 120, render: (_, d) => formatDay(d.etime) },
    {
      key: 'condition',
      title: t('project.recruit.requirements'),
      render: (_, d) => condition(d),
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
      render: (_, p) => positionName(p),
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
