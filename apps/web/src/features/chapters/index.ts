// What other features may use of chapters (features/feature-boundaries.test.ts).
export { ChapterFormDialog } from './components/chapter-form-dialog';
export { ChapterStatusTag } from './components/chapter-header';
export { chapterRoute, chapterViewer } from './lib/chapter-route';
export { schedulePath } from './lib/schedule-path';
