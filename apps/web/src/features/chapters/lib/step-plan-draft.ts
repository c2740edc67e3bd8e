import { useCallback, useMemo, useState } from 'react';
import {
  applyToAll,
  changedPageIds,
  type PageAssignment,
  type PagePlan,
  type PlanStep,
  plansFromAssignment,
  rebase,
} from './step-plan';

interface DraftState {
  /** The server answer the draft was last based on. */
  source: PageAssignment;
  /** The server's plan (what "changed" is measured against). */
  base: PagePlan[];
  /** The plan as being edited. */
  draft: PagePlan[];
  /** Pages whose edits a reload dropped (a step they moved or removed has started meanwhile). */
  dropped: number[];
}

export interface PlanDraft {
  base: PagePlan[];
  draft: PagePlan[];
  /** Ids of the pages that differ from the server. */
  changed: Set<number>;
  dropped: number[];
  setSteps: (pageId: number, steps: PlanStep[]) => void;
  resetPage: (pageId: number) => void;
  applyTemplate: (template: readonly PlanStep[]) => void;
  clearDropped: () => void;
}

/**
 * The edited plan of /chapter/settings. A reload of the server's plan (a live event, another
 * member starting a step) is merged in with `rebase`: edits stay unless they touch a started step.
 */
export function usePlanDraft(data: PageAssignment): PlanDraft {
  const [state, setState] = useState<DraftState>(() => {
    const plans = plansFromAssignment(data);
    return { source: data, base: plans, draft: plans, dropped: [] };
  });

  let current = state;
  if (state.source !== data) {
    // New server data: adjust while rendering (React re-renders at once with the new state).
    const server = plansFromAssignment(data);
    const merged = rebase(state.base, state.draft, server);
    current = {
      source: data,
      base: server,
      draft: merged.draft,
      dropped: merged.dropped.length ? merged.dropped : state.dropped,
    };
    setState(current);
  }

  const { base, draft, dropped } = current;
  const changed = useMemo(() => changedPageIds(base, draft), [base, draft]);

  const setSteps = useCallback((pageId: number, steps: PlanStep[]) => {
    setState((s) => ({ ...s, draft: s.draft.map((p) => (p.pageId === pageId ? { ...p, steps } : p)) }));
  }, []);
  const resetPage = useCallback((pageId: number) => {
    setState((s) => {
      const original = s.base.find((p) => p.pageId === pageId);
      return original ? { ...s, draft: s.draft.map((p) => (p.pageId === pageId ? original : p)) } : s;
    });
  }, []);
  const applyTemplate = useCallback((template: readonly PlanStep[]) => {
    setState((s) => ({ ...s, draft: applyToAll(s.draft, template) }));
  }, []);
  const clearDropped = useCallback(() => setState((s) => ({ ...s, dropped: [] })), []);

  return { base, draft, changed, dropped, setSteps, resetPage, applyTemplate, clearDropped };
}
