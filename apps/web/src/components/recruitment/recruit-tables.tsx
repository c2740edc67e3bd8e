import { POSITIONS, type RecruitDetail, RecruitStatus, referenceName } from '@koma/shared';
import { Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';

type PositionRow = RecruitDetail['details'][number];

/** 募集中 when isongoing is 1, otherwise 終了 (spec section 4). */
export function RecruitStatusTag({ isongoing }: { isongoing: number }) {
  const { t } = useTranslation();
  return isongoing === RecruitStatus.ONGOING ? (
    <Tag className="koma-tag-ok">{t('project.recruit.status.1')}</Tag>
  ) : (
    <Tag>{t('project.recruit.status.2')}</Tag>
  );
}

interface RecruitTablesProps {
  detail: RecruitDetail;
  /** Names the two tables for assistive tech (e.g. 企画). */
  kindLabel: string;
}

/**
 * A recruitment as two tables (spec section 2): start, end, requirements and status; then each
 * position with headcount, applicants and hired.
 */
export function RecruitTables({ detail, kindLabel }: RecruitTablesProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const periodColumns: TableColumnsType<RecruitDetail> = [
    { key: 'stime', title: t('project.recruit.stime'), dataIndex: 'stime', width: 120 },
    { key: 'etime', title: t('project.recruit.etime'), dataIndex: 'etime', width: 120 },
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
      render: (_, d) => <RecruitStatusTag isongoing={d.isongoing} />,
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
        scroll={{ x: 440 }}
        aria-label={t('project.recruit.positionsTable', { kind: kindLabel })}
      />
    </Flex>
  );
}
