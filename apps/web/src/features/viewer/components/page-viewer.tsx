import { CloseOutlined, DownloadOutlined, EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import type OpenSeadragon from 'openseadragon';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkReview } from '../hooks/use-mark-review';
import { useViewerKeys } from '../hooks/use-viewer-keys';
import { type CompareState, otherRevisionOf } from '../lib/compare-state';
import {
  leftToRight,
  openingIndexOf,
  openingsOf,
  type ReadingDirection,
  turnPage,
} from '../lib/reading-order';
import type { ViewerImage } from '../lib/tile-source';
import { columnPagesOf, imageOf, revisionOf, type ViewerPage } from '../lib/viewer-page';
import { CompareButton } from './compare-button';
import { CorrectionSheetMenu } from './correction-sheet-menu';
import { type DeepZoomControls, DeepZoomView, type SwipeSide } from './deep-zoom-view';
import { MarksAside } from './marks-aside';
import { MarksButton, MarksShownButton } from './marks-button';
import { PageDetails } from './page-details';
import { PageStrip } from './page-strip';
import { RenditionState } from './rendition-state';
import { RevisionCompare } from './revision-compare';
import { type ColumnControls, VerticalColumnView } from './vertical-column-view';
import { ZoomTools } from './zoom-tools';
import './page-viewer.css';
import { itemPlace, type PagePlace } from '../lib/page-place';
import './marks.css';

/**
 * The marks layer brings Konva, as large as the rest of the viewer: a chunk of its own keeps the
 * viewer's under the bundle budget (bench/bundle-size.mjs). It is fetched as soon as the viewer's
 * own chunk runs, while the chapter's pages load: the viewer mounts only once they have, and a
 * chunk asked for then came ~250 ms after the page opened, after its marks (bench/README.md).
 */
const pageMarksModule = import('./page-marks');
// A failed fetch surfaces where the layer renders (the route's error screen), not as an unhandled rejection here.
pageMarksModule.catch(() => {});
const PageMarks = lazy(() => pageMarksModule.then((module) => ({ default: module.PageMarks })));

export interface PageViewerProps {
  projectId: number;
  chapterId: number;
  title: string;
  pages: readonly ViewerPage[];
  index: number;
  /** The revision shown of the current page; its newest when null. */
  revisionId: number | null;
  direction: ReadingDirection;
  spread: boolean;
  onNavigate: (next: { index: number; revisionId: number | null; spread: boolean }) => void;
  onClose: () => void;
  /** The founder's choice of reading direction for the project; absent for everyone else. */
  onDirection?: (direction: ReadingDirection) => void;
  /** Compare mode (docs/viewer.md, "Compare revisions"): the other revision and how; null when off. */
  compare?: CompareState | null;
  onCompare?: (next: { index: number; revisionId: number | null; compare: CompareState | null }) => void;
  /**
   * A review link's guest (docs/access.md, "Review links"): no member call is made (marks, page
   * details), only what the link's reply carries is shown.
   */
  guest?: boolean;
  /** "Who saw this page": the access record's address for a page number; the founder and the editors only. */
  accessRecordOf?: (pageNum: number) => string;
}

/**
 * The full-screen page viewer (docs/viewer.md): the page (or the opening, in spread mode) over
 * deep-zoom tiles, fit page / fit width / 100 %, pages turned in the chapter's reading direction
 * by keys, buttons, the strip or a swipe, and the revisions of the page. A vertical chapter is one
 * continuous column instead, scrolled, its current page the one filling most of the view.
 */
export function PageViewer(props: PageViewerProps) {
  const {
    projectId,
    chapterId,
    title,
    pages,
    index,
    revisionId,
    direction,
    onNavigate,
    onClose,
    onDirection,
    guest = false,
  } = props;
  const { t } = useTranslation();
  const zoom = useRef<DeepZoomControls>(null);
  const column = useRef<ColumnControls>(null);
  const [scale, setScale] = useState<number | null>(null);
  const vertical = direction === 'vertical';
  const spread = props.spread && !vertical;
  const controls = () => (vertical ? column.current : zoom.current);
  // In a vertical chapter the page in view changes as the column scrolls: it is shown at once, and
  // the link follows through the router.
  const [inView, setInView] = useState(index);
  useEffect(() => setInView(index), [index]);
  const shown = vertical ? inView : index;
  const page = pages[shown];
  const revision = revisionOf(page, shown === index ? revisionId : null);
  const review = useMarkReview(projectId, page, revision, !guest);
  // Beside the page on a wide screen; on a phone the sheet would hide half the page, so it waits to be asked for.
  const [marksOpen, setMarksOpen] = useState(() => window.matchMedia('(min-width: 768px)').matches);
  // The marks are drawn on the page whether the panel is open or not, unless hidden; a pen in hand shows them.
  const [marksShown, setMarksShown] = useState(true);
  // Esc puts the pen down (and drops an unsaved shape) before it closes the viewer.
  const reviewNow = useRef(review);
  reviewNow.current = review;
  const onEscape = useCallback(() => {
    const drawing = reviewNow.current;
    if (!drawing?.tool && !drawing?.draft) return onClose();
    drawing.setDraft(null);
    drawing.setTool(null);
  }, [onClose]);

  // The page and mode on screen, or the ones just asked for: a key held down turns page after
  // page, and keys pressed in quick succession (→ then s) act in turn, before the screen catches up.
  // Taken from the props only when they change: a render for anything else (the marks arriving, a
  // chunk loading) before the router shows the page just asked for must not undo the key press.
  const at = useRef(index);
  const spreadAt = useRef(spread);
  const shownProps = useRef({ index, spread });
  if (shownProps.current.index !== index || shownProps.current.spread !== spread) {
    shownProps.current = { index, spread };
    at.current = index;
    spreadAt.current = spread;
  }
  const show = useCallback(
    (next: number, nextSpread = spreadAt.current) => {
      at.current = next;
      spreadAt.current = nextSpread;
      onNavigate({ index: next, revisionId: null, spread: nextSpread });
    },
    [onNavigate],
  );
  const turn = useCallback(
    (which: 'next' | 'previous') => {
      const next = turnPage(at.current, which, pages.length, spreadAt.current);
      if (next !== at.current) show(next);
    },
    [pages.length, show],
  );

  const toggleSpread = useCallback(() => show(at.current, !spreadAt.current), [show]);
  useViewerKeys({ direction, zoom, column, turn, toggleSpread, onEscape });

  // A vertical chapter's column: the current page in the revision asked for, the others newest.
  const columnPages = useMemo(
    () => (vertical ? columnPagesOf(pages, index, revisionId) : []),
    [vertical, pages, index, revisionId],
  );
  const onColumnPage = useCallback(
    (next: number) => {
      setInView(next);
      onNavigate({ index: next, revisionId: null, spread: false });
    },
    [onNavigate],
  );

  const onSwipe = (side: SwipeSide) => {
    // The finger drags the page away: in a right-to-left book the next page comes from the left.
    const forward = direction === 'rtl' ? 'right' : 'left';
    const backward = direction === 'rtl' ? 'left' : 'right';
    if (side === forward) turn('next');
    if (side === backward) turn('previous');
  };

  const onScreen = spread
    ? leftToRight(
        openingsOf(pages.length)[openingIndexOf(openingsOf(pages.length), index)] ?? [index],
        direction,
      )
    : [shown];
  const revisions = onScreen.map((i) => (i === shown ? revision : pages[i]?.revisions.at(-1)));
  const images = revisions.map(imageOf);
  const allReady = images.every((image) => image !== null);
  const position = t('viewer.position', { index: shown + 1, total: pages.length });
  const leftTurn = direction === 'rtl' ? 'next' : 'previous';
  const rightTurn = direction === 'rtl' ? 'previous' : 'next';
  const { compare, onCompare } = props;
  const toggleCompare = () =>
    page &&
    onCompare?.({
      index: shown,
      revisionId: revision?.id ?? null,
      compare: compare
        ? null
        : { otherId: otherRevisionOf(page.revisions, revision, null)?.id ?? null, mode: 'side' },
    });

  // The marks over the page on screen, fitted on its place. Keyed by the page: in a vertical column
  // a new page in view is a new layer.
  const marksOver = (osd: OpenSeadragon.Viewer, place: () => PagePlace | null) =>
    review && (marksShown || review.tool || review.draft) ? (
      <Suspense key={shown} fallback={null}>
        <PageMarks osd={osd} review={review} place={place} />
      </Suspense>
    ) : null;

  return (
    <div className="koma-viewer" role="dialog" aria-modal="true" aria-label={title}>
      <Flex className="koma-viewer-bar" align="center" gap={8} wrap>
        <Tooltip title={t('viewer.close')}>
          <Button type="text" icon={<CloseOutlined />} aria-label={t('viewer.close')} onClick={onClose} />
        </Tooltip>
        <Typography.Title level={1} className="koma-viewer-title">
          {/* The page first: on a phone the title is cut short, never the page. */}
          <span className="koma-viewer-position">{page ? `${page.label} · ${position}` : ''}</span> {title}
        </Typography.Title>
        {page && page.revisions.length > 1 && !compare ? (
          <Select
            aria-label={t('viewer.revision')}
            size="small"
            value={revision?.id}
            style={{ minWidth: 160 }}
            options={page.revisions.map((r) => ({ value: r.id, label: r.label }))}
            onChange={(id: number) => onNavigate({ index: shown, revisionId: id, spread })}
          />
        ) : null}
        {compare || guest ? null : (
          <PageDetails projectId={projectId} chapterId={chapterId} revision={revision} />
        )}
        {props.accessRecordOf && page ? (
          <Tooltip title={t('accessRecord.openPage')}>
            <Link
              to={props.accessRecordOf(shown + 1)}
              aria-label={t('accessRecord.openPage')}
              className="koma-viewer-record"
            >
              <EyeOutlined aria-hidden="true" />
            </Link>
          </Tooltip>
        ) : null}
        {onCompare ? (
          <CompareButton
            revisions={page?.revisions.length ?? 0}
            active={!!compare}
            onToggle={toggleCompare}
          />
        ) : null}
        <Flex gap={4} wrap className="koma-viewer-tools">
          {vertical ? null : (
            <>
              <Button
                icon={<LeftOutlined />}
                aria-label={t(`viewer.${leftTurn}`)}
                onClick={() => turn(leftTurn)}
              />
              <Button
                icon={<RightOutlined />}
                aria-label={t(`viewer.${rightTurn}`)}
                onClick={() => turn(rightTurn)}
              />
            </>
          )}
          <ZoomTools
            controls={controls}
            vertical={vertical}
            spread={spread}
            onSpread={() => show(index, !spread)}
            direction={direction}
            onDirection={onDirection}
            scale={scale}
          />
          {review && !compare ? (
            <MarksButton
              open={review.counts.open}
              pressed={marksOpen}
              onToggle={() => setMarksOpen(!marksOpen)}
            />
          ) : null}
          {review && !compare ? (
            <MarksShownButton shown={marksShown} onToggle={() => setMarksShown(!marksShown)} />
          ) : null}
          {revision?.downloadUrl ? (
            <Button
              icon={<DownloadOutlined />}
              aria-label={t('viewer.download')}
              href={revision.downloadUrl}
              download
            >
              {t('viewer.download')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <div className="koma-viewer-body">
        <div className="koma-viewer-stage">
          {compare && page && revision ? (
            <RevisionCompare
              ref={(controls) => {
                // The zoom buttons and keys act on the comparison, whichever view they usually drive.
                zoom.current = controls;
                column.current = controls;
              }}
              page={page}
              base={revision}
              state={compare}
              onChange={(next) => onCompare?.({ index: shown, revisionId: next.baseId, compare: next.state })}
              onLeave={() => onCompare?.({ index: shown, revisionId: revision.id, compare: null })}
              onZoom={setScale}
            />
          ) : vertical && pages.length > 0 ? (
            <VerticalColumnView
              ref={column}
              pages={columnPages}
              index={index}
              label={title}
              onPage={onColumnPage}
              onZoom={setScale}
              overlay={(osd, placeOf) => marksOver(osd, () => placeOf(shown))}
            />
          ) : allReady ? (
            <DeepZoomView
              ref={zoom}
              images={images as ViewerImage[]}
              label={page ? `${page.label} · ${position}` : title}
              onSwipe={onSwipe}
              onZoom={setScale}
              overlay={(osd) => marksOver(osd, () => itemPlace(osd, Math.max(0, onScreen.indexOf(shown))))}
            />
          ) : (
            <RenditionState revision={revisions.find((_, i) => images[i] === null)} />
          )}
        </div>
        {review && !compare ? (
          <MarksAside
            review={review}
            open={marksOpen}
            onClose={() => setMarksOpen(false)}
            footer={
              <CorrectionSheetMenu projectId={projectId} chapterId={chapterId} pageId={review.pageId} />
            }
          />
        ) : null}
      </div>
      <PageStrip pages={pages} current={onScreen} direction={direction} onShow={(i) => show(i)} />
    </div>
  );
}
