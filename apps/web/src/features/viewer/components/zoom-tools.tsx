import { ColumnWidthOutlined, ExpandOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReadingDirection } from '../lib/reading-order';
import type { DeepZoomControls } from './deep-zoom-view';

interface ZoomToolsProps {
  /** The view the buttons act on: the page, the column or the comparison. */
  controls: () => Pick<DeepZoomControls, 'fitPage' | 'fitWidth' | 'actualSize'> | null;
  vertical: boolean;
  spread: boolean;
  onSpread: () => void;
  direction: ReadingDirection;
  /** The founder's choice of reading direction; absent for everyone else. */
  onDirection?: (direction: ReadingDirection) => void;
  /** Screen pixels per pixel of the original, once known. */
  scale: number | null;
}

/** The viewer bar's zoom buttons, spread mode, reading direction and the zoom shown (docs/viewer.md). */
export function ZoomTools({
  controls,
  vertical,
  spread,
  onSpread,
  direction,
  onDirection,
  scale,
}: ZoomToolsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        icon={<ExpandOutlined />}
        aria-label={t('viewer.fitPage')}
        onClick={() => controls()?.fitPage()}
      >
        {t('viewer.fitPage')}
      </Button>
      <Button
        icon={<ColumnWidthOutlined />}
        aria-label={t('viewer.fitWidth')}
        onClick={() => controls()?.fitWidth()}
      >
        {t('viewer.fitWidth')}
      </Button>
      <Button onClick={() => controls()?.actualSize()}>{t('viewer.actualSize')}</Button>
      <Tooltip title={vertical ? t('viewer.spreadVertical') : undefined}>
        <Button
          icon={<ReadOutlined />}
          className="koma-viewer-spread"
          aria-label={t('viewer.spread')}
          aria-pressed={spread}
          disabled={vertical}
          onClick={onSpread}
        >
          {t('viewer.spread')}
        </Button>
      </Tooltip>
      {onDirection ? (
        <Select
          aria-label={t('viewer.direction')}
          value={direction}
          style={{ minWidth: 120 }}
          options={(['rtl', 'ltr', 'vertical'] as const).map((value) => ({
            value,
            label: t(`viewer.directions.${value}`),
          }))}
          onChange={onDirection}
        />
      ) : null}
      <output className="koma-viewer-zoom" aria-label={t('viewer.zoom')}>
        {scale === null ? '—' : `${Math.round(scale * 100)}%`}
      </output>
    </>
  );
}
