import { chapterQuery } from './chapter-params';

/** The chapter's schedule screen (docs/schedule.md). */
export const schedulePath = (projectId: number, chapterId: number) =>
  `/chapter/schedule?${chapterQuery(projectId, chapterId)}`;
