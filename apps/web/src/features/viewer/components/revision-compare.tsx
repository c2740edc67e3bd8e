import { CloseOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Select, Slider, Tooltip } from 'antd';
import type OpenSeadragon from 'openseadragon';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPARE_MODES,
  type CompareMode,
  type CompareState,
  compareKeyAction,
  otherRevisionOf,
} from '../lib/compare-state';
import { viewerKey } from '../lib/key-target';
import { olderNewer } from '../lib/revision-order';
import { tileSourceOf, viewerImageOf } from '../lib/tile-source';
import type { ViewerPage, ViewerRevision } from '../lib/viewer-page';
import { CompareDifference } from './compare-difference';
import { CompareOnion } from './compare-onion';
import { type ComparedImage, CompareSideBySide } from './compare-side-by-side';
import { controlsOf } from './compare-view';
import { RenditionState } from './rendition-state';
import type { ColumnControls } from './vertical-column-view';
import './revision-compare.css';

export interface RevisionCompareProps {
  page: ViewerPage;
  /** The revision on screen: left in side by side, bottom in onion skin, the diff's base. */
  base: ViewerRevision;
  /** The revision set against it (the one before `base` unless the link names one), and how. */
  state: CompareState;
  onChange: (next: { baseId: number; state: CompareState }) => void;
  onLeave: () => void;
  onZoom?: (scale: number) => void;
}

type ChangeOf = Partial<{ baseId: number; otherId: number; mode: CompareMode }>;

function imageOf(revision: ViewerRevision): ComparedImage | null {
  const source = tileSourceOf(viewerImageOf(String(revision.id), revision.renditions));
  return source ? { key: String(revision.id), label: revision.label, source } : null;
}

/**
 * Compare mode of the page viewer (docs/viewer.md, "Compare revisions"): two revisions of the
 * page side by side, as an onion skin or as their difference. Its keys are listened to before the
 * viewer's (capture on window), so Esc leaves the comparison rather than the viewer.
 */
export const RevisionCompare = forwardRef<ColumnControls, RevisionCompareProps>(function RevisionCompare(
  { page, base, state, onChange, onLeave, onZoom },
  ref,
) {
  const { mode } = state;
  // The page viewer offers compare mode for pages of two revisions or more only.
  const other = otherRevisionOf(page.revisions, base, state.otherId) ?? base;
  const { t } = useTranslation();
  const [opacity, setOpacity] = useState(0.5);
  const primary = useRef<OpenSeadragon.Viewer | null>(null);
  // The viewer's zoom buttons and keys act on the comparison, in a vertical chapter too (where the
  // viewer would scroll its column, a comparison has nothing to scroll).
  useImperativeHandle(ref, () => ({ ...controlsOf(() => primary.current), scroll: () => {} }), []);
  const onPrimary = (viewer: OpenSeadragon.Viewer | null) => {
    primary.current = viewer;
  };

  const change = ({ baseId = base.id, otherId = other.id, mode: nextMode = mode }: ChangeOf) =>
    onChange({ baseId, state: { otherId, mode: nextMode } });
  const flip = () => change({ baseId: other.id, otherId: base.id });
  const keys = useRef({ flip, change, onLeave });
  keys.current = { flip, change, onLeave };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!viewerKey(event)) return;
      // Esc in an open list closes the list only.
      if (event.key === 'Escape' && document.querySelector('.koma-compare-bar [aria-expanded="true"]'))
        return;
      const action = compareKeyAction(event.key);
      // Arrows still move the bar's slider and switches; elsewhere they would turn the page away.
      const inBar = event.target instanceof Element && event.target.closest('.koma-compare-bar');
      if (!action || (action === 'swallow' && inBar)) return;
      event.preventDefault();
      event.stopPropagation();
      if (action === 'leave') keys.current.onLeave();
      else if (action === 'flip') keys.current.flip();
      else if (action !== 'swallow') keys.current.change({ mode: action });
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  // The list of one side: every revision of the page but the one on the other side.
  const pick = (side: 'base' | 'other', chosen: ViewerRevision, across: ViewerRevision) => (
    <Select
      aria-label={t(`viewer.compare.${side}`)}
      size="small"
      className="koma-compare-select"
      value={chosen.id}
      options={page.revisions.map((r) => ({ value: r.id, label: r.label, disabled: r.id === across.id }))}
      onChange={(id: number) => change(side === 'base' ? { baseId: id } : { otherId: id })}
    />
  );
  const images = [imageOf(base), imageOf(other)] as const;
  const missing = [base, other].find((_, i) => images[i] === null);

  const body = () => {
    const [first, second] = images;
    if (!first || !second) return <RenditionState revision={missing} />;
    if (mode === 'side')
      return <CompareSideBySide images={[first, second]} onPrimary={onPrimary} onZoom={onZoom} />;
    if (mode === 'onion') {
      return (
        <CompareOnion images={[first, second]} opacity={opacity} onPrimary={onPrimary} onZoom={onZoom} />
      );
    }
    // The difference reads older → newer whichever side is on screen: red is what the newer adds.
    const [older, newer] = olderNewer(page.revisions, base, other);
    return (
      <CompareDifference
        previews={[
          { key: String(older.id), label: older.label, preview: older.renditions?.preview ?? '' },
          { key: String(newer.id), label: newer.label, preview: newer.renditions?.preview ?? '' },
        ]}
        onPrimary={onPrimary}
        onZoom={onZoom}
      />
    );
  };

  return (
    <section className="koma-compare" aria-label={t('viewer.compare.title')}>
      <Flex className="koma-compare-bar" align="center" gap={8} wrap>
        {pick('base', base, other)}
        <Tooltip title={t('viewer.compare.flipKey')}>
          <Button size="small" icon={<SwapOutlined />} aria-label={t('viewer.compare.flip')} onClick={flip} />
        </Tooltip>
        {pick('other', other, base)}
        <Segmented
          size="small"
          aria-label={t('viewer.compare.mode')}
          value={mode}
          options={COMPARE_MODES.map((value) => ({ value, label: t(`viewer.compare.modes.${value}`) }))}
          onChange={(value) => change({ mode: value as CompareMode })}
        />
        {mode === 'onion' ? (
          <Flex align="center" gap={6} className="koma-compare-opacity">
            <span>{t('viewer.compare.opacity')}</span>
            <Slider
              min={0}
              max={100}
              value={Math.round(opacity * 100)}
              onChange={(value: number) => setOpacity(value / 100)}
              tooltip={{ formatter: (value) => `${value}%` }}
              ariaLabelForHandle={t('viewer.compare.opacity')}
              className="koma-compare-slider"
            />
          </Flex>
        ) : null}
        <Button size="small" icon={<CloseOutlined />} onClick={onLeave} className="koma-compare-leave">
          {t('viewer.compare.leave')}
        </Button>
      </Flex>
      {body()}
    </section>
  );
});
