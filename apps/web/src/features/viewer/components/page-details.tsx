import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewerRevision } from '../lib/viewer-page';

/**
 * What a page file says of itself (a CLIP STUDIO `.clip` file, docs/renditions.md): プレビュー画質
 * when the page is shown from the preview the file stores, and the page details (canvas,
 * resolution, layer names) behind a button. Nothing for a file that says nothing.
 */
export function PageDetails({ revision }: { revision: ViewerRevision | undefined }) {
  const { t } = useTranslation();
  const renditions = revision?.renditions;
  const details = renditions?.details;
  if (!renditions || !details) return null;
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
      {details.layers.length > 0 ? (
        <>
          <Typography.Text strong>{t('viewer.layers', { count: details.layers.length })}</Typography.Text>
          <ul aria-label={t('viewer.layers', { count: details.layers.length })}>
            {details.layers.map((name, i) => (
              // Names repeat (two layers called レイヤー 1): the position tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is the file's, in its order, never reordered
              <li key={i}>{name}</li>
            ))}
          </ul>
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
      <Popover title={t('viewer.details')} content={content} trigger="click">
        <Button size="small" icon={<InfoCircleOutlined />}>
          {t('viewer.details')}
        </Button>
      </Popover>
    </>
  );
}
