import { Alert, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { RENDITION_STAGE_WORDS } from '../../../components/rendition/rendition-stage';
import type { ViewerRevision } from '../lib/viewer-page';

/**
 * A page whose renditions are not ready: while they are made, its thumbnail once there and what
 * the job is doing (waiting its turn, the preview, the high-resolution tiles), never a broken
 * image; when they cannot be made, the reason and the original.
 */
export function RenditionState({ revision }: { revision: ViewerRevision | undefined }) {
  const { t } = useTranslation();
  const renditions = revision?.renditions;
  if (!revision || !renditions) {
    return <Alert type="info" showIcon title={t('viewer.noFile')} className="koma-viewer-note" />;
  }
  if (renditions.status === 'pending') {
    return (
      <Flex vertical align="center" gap={12} className="koma-viewer-note" role="status">
        {renditions.thumb ? (
          <img src={renditions.thumb} alt="" className="koma-viewer-pending-thumb" />
        ) : null}
        <Spin />
        <span>{t(RENDITION_STAGE_WORDS[renditions.stage])}</span>
      </Flex>
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      className="koma-viewer-note"
      title={t(renditions.status === 'failed' ? 'viewer.failed' : 'viewer.unsupported')}
      description={renditions.reason}
      action={
        revision.downloadUrl ? (
          <Button size="small" href={revision.downloadUrl} download>
            {t('viewer.download')}
          </Button>
        ) : undefined
      }
    />
  );
}
