import type { ApiReply } from '@koma/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type EditorTimelineReply = ApiReply<'schedule', 'timeline'>;

/**
 * schedule.timeline: every chapter of the projects the user edits, with its forecast and risk,
 * the late first (docs/schedule.md, "The editor's timeline").
 */
export function useEditorTimeline() {
  return useQuery({
    queryKey: queryKeys.editorTimeline,
    queryFn: ({ signal }) => call('schedule', 'timeline', undefined, { silent: true, quiet: true, signal }),
  });
}
