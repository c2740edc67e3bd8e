import type { AccessRecordRow } from '@koma/shared/schemas';
import { Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';

/** Who, in words: a member by name, or a guest of a review link by the name they gave. */
function useActorName() {
  const { t } = useTranslation();
  return (r: AccessRecordRow) =>
    r.userId !== null ? r.nick : t('accessRecord.guest', { name: r.guestName ?? '' });
}

/**
 * The record's rows: one card a row, laid out as a table's row on a desk and stacked on a phone
 * (access-record.css). Names are text, never markup.
 */
export function RecordList({ rows, label }: { rows: AccessRecordRow[]; label: string }) {
  const { t } = useTranslation();
  const actor = useActorName();
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accessRecord.empty')} />;
  return (
    <ul className="koma-access-list" aria-label={label}>
      <li className="koma-access-row koma-access-head" aria-hidden="true">
        <span>{t('accessRecord.columns.when')}</span>
        <span>{t('accessRecord.columns.who')}</span>
        <span>{t('accessRecord.columns.what')}</span>
        <span>{t('accessRecord.columns.page')}</span>
        <span>{t('accessRecord.columns.count')}</span>
        <span>{t('accessRecord.columns.code')}</span>
        <span>{t('accessRecord.columns.network')}</span>
      </li>
      {rows.map((r) => (
        <li key={r.id} className="koma-access-row">
          <time dateTime={r.lastAt}>{formatTime(r.lastAt)}</time>
          <span className="koma-access-who">{actor(r)}</span>
          <span>
            <Tag>{t(`accessRecord.kinds.${r.kind}`)}</Tag>
          </span>
          <span>
            {r.chapterTitle ? `${r.chapterTitle} ` : ''}
            {r.pageNum ? t('accessRecord.pageOf', { num: r.pageNum }) : t('accessRecord.noPage')}
          </span>
          <span>{t('accessRecord.times', { count: r.count })}</span>
          <span className="koma-access-mono">{r.code || t('accessRecord.clean')}</span>
          <span className="koma-access-mono">{r.network}</span>
        </li>
      ))}
    </ul>
  );
}
