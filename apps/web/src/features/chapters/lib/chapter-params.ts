import { useSearchParams } from 'react-router';
import { idParam } from '../../../lib/id-param';

/** The `?projectId&chapterId` every chapter screen opens with; null when malformed. */
export function useChapterParams(): { projectId: number; chapterId: number } | null {
  const [params] = useSearchParams();
  const projectId = idParam(params.get('projectId'));
  const chapterId = idParam(params.get('chapterId'));
  return projectId && chapterId ? { projectId, chapterId } : null;
}

export const chapterQuery = (projectId: number, chapterId: number) =>
  `projectId=${projectId}&chapterId=${chapterId}`;
