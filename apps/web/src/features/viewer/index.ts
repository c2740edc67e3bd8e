// What other features may use of the page viewer (features/feature-boundaries.test.ts). The
// viewer itself is loaded on demand by its screens (`import('…/components/page-viewer')`).

export type { PageViewerProps } from './components/page-viewer';
export type { CompareState } from './lib/compare-state';
export type { ViewerPage } from './lib/viewer-page';
export { viewerPath } from './lib/viewer-path';
