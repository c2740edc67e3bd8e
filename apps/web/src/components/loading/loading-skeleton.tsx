import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

interface LoadingSkeletonProps {
  /** Grey lines standing for the text to come. */
  rows?: number;
  /** A round picture before the lines (lists of people). */
  avatar?: boolean;
}

/**
 * What a panel, list or table shows while its data loads: grey shapes where the content will be,
 * announced as 読み込み中…, so that "no data" is shown only for an answer that is empty (issue 18).
 */
export function LoadingSkeleton({ rows = 3, avatar = false }: LoadingSkeletonProps) {
  const { t } = useTranslation();
  return (
    <div className="koma-loading-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton active avatar={avatar} title={false} paragraph={{ rows }} />
    </div>
  );
}
