import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A screen inside the layout whose content is not there yet: a heading and a card of grey lines,
 * announced as 読み込み中…, instead of an empty page (issue 18).
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="koma-loading-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton.Input active size="large" style={{ width: 240, marginBottom: 24 }} />
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    </div>
  );
}
