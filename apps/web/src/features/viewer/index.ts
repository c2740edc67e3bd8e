// What other features may use of the page viewer (features/feature-boundaries.test.ts).
export { viewerPath } from './lib/viewer-path';
