import { FileImageOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { PageRenditions } from '@koma/shared/schemas';
import { Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './rendition-image.css';
import { RENDITION_STAGE_WORDS } from './rendition-stage';

interface RenditionImageProps {
  renditions: PageRenditions | null;
  /** The thumbnail (≤ 400 px) for grids and lists, the preview (≤ 2560 px) for dialogs. */
  size: 'thumb' | 'preview';
  alt: string;
  className?: string;
}

/**
 * A page file as lists and dialogs show it (docs/renditions.md): its thumbnail or preview, never
 * the original. Until they are made a placeholder says how far their job has come (waiting its
 * turn, making them); a file they cannot be made of says why; a link that failed to load
 * (expired) shows the placeholder until a fresh one comes.
 */
export function RenditionImage({ renditions, size, alt, className }: RenditionImageProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const src = renditions?.[size] ?? '';
  const classes = `koma-rendition ${className ?? ''}`;
  if (src && src !== broken) {
    return (
      <img
        className={classes}
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(src)}
      />
    );
  }
  if (renditions?.status === 'pending') {
    return (
      <span className={classes} role="status">
        <LoadingOutlined aria-hidden="true" />
        <span>{t(RENDITION_STAGE_WORDS[renditions.stage])}</span>
      </span>
    );
  }
  if (renditions && renditions.status !== 'ready') {
    return (
      <Tooltip title={renditions.reason}>
        <span className={classes}>
          <WarningOutlined aria-hidden="true" />
          <span>{t('viewer.noPreview')}</span>
        </span>
      </Tooltip>
    );
  }
  return (
    <span className={classes}>
      <FileImageOutlined aria-hidden="true" />
      <span>{t('upload.noImage')}</span>
    </span>
  );
}
