import {
  DEFAULT_MARK_COLOR,
  type MarkColor,
  type MarkData,
  type MarkShape,
  markCountsOf,
} from '@koma/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useAddMark } from '../api/add-mark';
import { usePageMarks } from '../api/page-marks';
import type { MarkTool } from '../lib/mark-geometry';
import type { ViewerPage, ViewerRevision } from '../lib/viewer-page';

export interface MarkReview {
  projectId: number;
  pageId: number;
  revisionId: number;
  /** The revision's own marks, then the ghosts of earlier ones; empty while loading. */
  marks: readonly MarkData[];
  ghosts: readonly MarkData[];
  /** By state, over the revision's marks and the ghosts: what is left to do on screen. */
  counts: Record<MarkData['state'], number>;
  loading: boolean;
  may: { judge: boolean; resolve: boolean };
  /** The chapter is 校了: its marks stay as they are, nobody changes them. */
  locked: boolean;
  /** Its original's size, once its renditions are made: marks are drawn only then. */
  size: { width: number; height: number } | null;
  selectedId: number | null;
  select: (id: number | null) => void;
  tool: MarkTool | null;
  setTool: (tool: MarkTool | null) => void;
  color: MarkColor;
  setColor: (color: MarkColor) => void;
  draft: MarkShape | null;
  setDraft: (shape: MarkShape | null) => void;
  /** Saves the draft with its comment (and, for a text mark, its words). */
  saveDraft: (comment: string, text?: string) => Promise<void>;
  saving: boolean;
  /** Why the last save was refused (a full page, a 校了 chapter…), shown in the draft's form. */
  saveError: string | null;
}

/**
 * The red-pen review of the revision on screen (docs/marks.md): its marks and ghosts, the tool in
 * hand and the mark being drawn. A new page or revision puts the tool down and drops the draft.
 */
export function useMarkReview(
  projectId: number,
  page: ViewerPage | undefined,
  revision: ViewerRevision | undefined,
  /** false: no marks at all (a review link's guest reads no member call). */
  enabled = true,
): MarkReview | null {
  const query = usePageMarks(projectId, enabled ? page?.id : undefined, revision?.id);
  const add = useAddMark(page?.id ?? 0);
  const [selectedId, select] = useState<number | null>(null);
  const [tool, setTool] = useState<MarkTool | null>(null);
  const [color, setColor] = useState<MarkColor>(DEFAULT_MARK_COLOR);
  const [draft, setDraft] = useState<MarkShape | null>(null);
  const revisionId = revision?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the revision on screen changes
  useEffect(() => {
    select(null);
    setTool(null);
    setDraft(null);
    add.reset();
  }, [revisionId]);

  const data = query.data;
  const { width, height } = revision?.renditions ?? {};
  const size = useMemo(() => (width && height ? { width, height } : null), [width, height]);
  const saveDraft = useCallback(
    async (comment: string, text?: string) => {
      if (!draft || !page || revisionId === undefined) return;
      const shape = draft.type === 'text' ? { ...draft, text: text ?? '' } : draft;
      // A refusal stays on the draft, its reason in the form (`saveError`).
      const mark = await add
        .mutateAsync({ projectId, pageId: page.id, revisionId, shape, color, comment })
        .catch(() => null);
      if (!mark) return;
      setDraft(null);
      select(mark.id);
    },
    [add, draft, page, revisionId, projectId, color],
  );

  if (!enabled || !page || !revision) return null;
  return {
    projectId,
    pageId: page.id,
    revisionId: revision.id,
    marks: data?.marks ?? [],
    ghosts: data?.ghosts ?? [],
    // The server's rule (marks.presenter.ts), over what is on screen as it changes.
    counts: markCountsOf([...(data?.marks ?? []), ...(data?.ghosts ?? [])]),
    loading: query.isPending,
    may: data?.may ?? { judge: false, resolve: false },
    locked: data?.locked ?? false,
    size,
    selectedId,
    select,
    tool,
    setTool,
    color,
    setColor,
    draft,
    setDraft,
    saveDraft,
    saving: add.isPending,
    saveError: add.error ? errorText(add.error) : null,
  };
}
