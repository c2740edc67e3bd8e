import type OpenSeadragon from 'openseadragon';

/**
 * OpenSeadragon settings both views share (docs/viewer.md). The viewer owns the keys, so
 * OpenSeadragon's keyboard navigation is off. Tiles are drawn on a 2D canvas, not with the WebGL
 * drawer OpenSeadragon picks by default: where WebGL runs without a GPU (software rendering) the
 * first sharp screen took 357 ms at the median instead of 142 (bench/README.md), and for
 * grey-scale pages the 2D canvas draws the same picture.
 */
export const SHARED_OSD_OPTIONS = {
  showNavigationControl: false,
  keyboardNavEnabled: false,
  maxZoomPixelRatio: 4,
  springStiffness: 8,
  drawer: 'canvas',
  // Tiles come as blobs decoded off the main thread (createImageBitmap) rather than as images the
  // canvas decodes on it when it first draws them: the marks' reply, arriving meanwhile, is read
  // and drawn ~30 ms sooner, for ~15 ms later tiles (bench/README.md, "Red-pen marks"). Tiles are
  // always on Koma's origin (docs/renditions.md), so no CORS is involved.
  loadTilesWithAjax: true,
} satisfies Partial<OpenSeadragon.Options>;

/**
 * How a page view pans and zooms, for the page viewer and for compare mode alike: half the page
 * may leave the screen, it zooms out to half its fitted size, double-click and pinch zoom.
 */
export const PAGE_OSD_OPTIONS = {
  ...SHARED_OSD_OPTIONS,
  visibilityRatio: 0.5,
  minZoomImageRatio: 0.5,
  animationTime: 0.6,
  preserveImageSizeOnResize: true,
  gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
  gestureSettingsTouch: { pinchToZoom: true, flickEnabled: false, dblClickToZoom: true },
} satisfies Partial<OpenSeadragon.Options>;

/**
 * How a vertical chapter's column scrolls and zooms (components/vertical-column-view.tsx): the
 * whole view stays on the column (no scrolling past its top or bottom), zoomed out it is still a
 * fifth of the view's width, the wheel scrolls and flicks glide, and a page not drawn yet is a
 * dark slot.
 */
export const COLUMN_OSD_OPTIONS = {
  ...SHARED_OSD_OPTIONS,
  preserveViewport: true,
  visibilityRatio: 1,
  minZoomLevel: 0.2,
  animationTime: 0.4,
  immediateRender: false,
  minScrollDeltaTime: 0,
  placeholderFillStyle: '#2b2b2b',
  gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true, scrollToZoom: true },
  gestureSettingsTouch: { pinchToZoom: true, flickEnabled: true, dblClickToZoom: true },
} satisfies Partial<OpenSeadragon.Options>;
