import { InfoCircleOutlined } from '@ant-design/icons';
import { LIMITS } from '@koma/shared';
import { Button, Popover, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDetails } from '../api/file-details';
import type { ViewerRevision } from '../lib/viewer-page';

/**
 * What a page file says of itself (a CLIP STUDIO `.clip` file, docs/renditions.md): プレビュー画質
 * when the page is shown from the preview the file stores, and the page details (canvas,
 * resolution, layer names) behind a button. The list of pages says how many layer names there are;
 * the names are asked for (workflow.fileDetails) when the details are opened. Nothing for a file
 * that says nothing.
 */
export function PageDetails({
  projectId,
  chapterId,
  revision,
}: {
  projectId: number;
  chapterId: number;
  revision: ViewerRevision | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const renditions = revision?.renditions;
  const details = renditions?.details;
  const layerCount = details?.layerCount ?? 0;
  const names = useFileDetails(projectId, chapterId, revision?.id ?? 0, open && layerCount > 0);
  if (!renditions || !details) return null;
  const layers = names.data?.layers ?? [];
  const content = (
    <div className="koma-viewer-details">
      {renditions.width && renditions.height ? (
        <Typography.Paragraph>
          {t('viewer.canvas', { width: renditions.width, height: renditions.height })}
        </Typography.Paragraph>
      ) : null}
      {details.dpi ? (
        <Typography.Paragraph>{t('viewer.resolution', { dpi: details.dpi })}</Typography.Paragraph>
      ) : null}
      {layerCount > 0 ? (
        <>
          <Typography.Text strong>{t('viewer.layers', { count: layerCount })}</Typography.Text>
          {names.isPending ? <Spin size="small" /> : null}
          <ul aria-label={t('viewer.layers', { count: layerCount })}>
            {layers.map((name, i) => (
              // Names repeat (two layers called レイヤー 1): the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is the file's, in its order, never reordered
              <li key={i}>{name}</li>
            ))}
          </ul>
          {layerCount >= LIMITS.clipLayersMax ? (
            <Typography.Text type="secondary">
              {t('viewer.layersCapped', { count: LIMITS.clipLayersMax })}
            </Typography.Text>
          ) : null}
        </>
      ) : null}
    </div>
  );
  return (
    <>
      {details.previewQuality ? (
        <Tooltip title={t('viewer.previewQualityHelp')}>
          <Tag color="gold" tabIndex={0}>
            {t('viewer.previewQuality')}
          </Tag>
        </Tooltip>
      ) : null}
      <Popover title={t('viewer.details')} content={content} trigger="click" onOpenChange={setOpen}>
        <Button size="small" icon={<InfoCircleOutlined />}>
          {t('viewer.details')}
        </Button>
      </Popover>
    </>
  );
}
