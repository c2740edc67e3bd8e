import { Alert, Flex, Spin } from 'antd';
import type OpenSeadragon from 'openseadragon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diffPreviews, type PreviewDiff } from '../lib/diff-previews';
import { changedPercent } from '../lib/pixel-diff';
import { CompareView } from './compare-view';

interface ComparedPreview {
  key: string;
  label: string;
  /** The revision's ≤ 2560 px preview. */
  preview: string;
}

interface CompareDifferenceProps {
  /** The older revision, then the newer (lib/revision-order.ts): red is ink the newer adds, blue ink it removes. */
  previews: readonly [ComparedPreview, ComparedPreview];
  onPrimary: (viewer: OpenSeadragon.Viewer | null) => void;
  onZoom?: (scale: number) => void;
}

type DiffState = { status: 'loading' } | { status: 'failed' } | { status: 'done'; diff: PreviewDiff };

/**
 * The changed pixels of two revisions (lib/pixel-diff.ts), computed in the browser from their
 * previews in a worker, then shown in a zoomable view with how many pixels changed.
 */
export function CompareDifference({ previews, onPrimary, onZoom }: CompareDifferenceProps) {
  const { t } = useTranslation();
  const [older, newer] = previews;
  const [state, setState] = useState<DiffState>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    diffPreviews(older.preview, newer.preview, abort.signal).then(
      (diff) => {
        url = diff.url;
        if (abort.signal.aborted) URL.revokeObjectURL(diff.url);
        else setState({ status: 'done', diff });
      },
      () => {
        if (!abort.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [older.preview, newer.preview]);

  if (state.status === 'failed') {
    return (
      <Alert type="warning" showIcon title={t('viewer.compare.diffFailed')} className="koma-viewer-note" />
    );
  }
  if (state.status === 'loading') {
    return (
      <Flex vertical align="center" justify="center" gap={12} className="koma-compare-canvas" role="status">
        <Spin />
        <span>{t('viewer.compare.diffLoading')}</span>
      </Flex>
    );
  }
  const { diff } = state;
  const legend = { older: older.label, newer: newer.label };
  return (
    <Flex vertical className="koma-compare-diff">
      <Flex wrap gap={12} align="center" className="koma-compare-caption">
        <output aria-label={t('viewer.compare.changedLabel')} className="koma-compare-changed">
          {t('viewer.compare.changed', {
            changed: diff.changed.toLocaleString(),
            percent: changedPercent(diff.changed, diff.total),
          })}
        </output>
        <span className="koma-compare-legend">
          <span className="koma-compare-added">■</span> {t('viewer.compare.added', legend)}{' '}
          <span className="koma-compare-removed">■</span> {t('viewer.compare.removed', legend)}
        </span>
      </Flex>
      <div className="koma-compare-canvas">
        <CompareView
          items={[{ key: diff.url, source: { type: 'image', url: diff.url }, opacity: 1 }]}
          label={t('viewer.compare.diffOf', legend)}
          onViewer={onPrimary}
          onZoom={onZoom}
        />
      </div>
    </Flex>
  );
}
