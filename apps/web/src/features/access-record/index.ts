// What other features may use of the watermarks and the access record (features/feature-boundaries.test.ts).
export { WatermarkSettings } from './components/watermark-settings';

/** The access record's screen, filtered to a chapter's page: "who saw page N" (docs/access.md). */
export const accessRecordPath = (projectId: number, chapterId: number, pageNum?: number) =>
  `/chapter/access?projectId=${projectId}&chapterId=${chapterId}${pageNum ? `&pageNum=${pageNum}` : ''}`;
