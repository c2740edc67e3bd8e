import { DraftPageStatus, type MarkCounts } from '@koma/shared/constants';

/** What 全ページ承認 will do, counted from the pages on screen (docs/production.md, "Approving the whole name"). */
export interface ApproveAllSummary {
  total: number;
  /** Pages this action approves: every uploaded page not yet approved. */
  toApprove: number;
  /** Of those, pages the editor had sent back. */
  sentBack: number;
  /** The storyboard's marks by state over every page. */
  marks: MarkCounts;
}

export function approveAllSummary(
  pages: readonly { status: number; marks: MarkCounts }[],
): ApproveAllSummary {
  const marks: MarkCounts = { open: 0, resolved: 0, confirmed: 0 };
  for (const page of pages) {
    marks.open += page.marks.open;
    marks.resolved += page.marks.resolved;
    marks.confirmed += page.marks.confirmed;
  }
  const uploaded = pages.filter((p) => p.status !== DraftPageStatus.EMPTY);
  return {
    total: pages.length,
    toApprove: uploaded.filter((p) => p.status !== DraftPageStatus.APPROVED).length,
    sentBack: uploaded.filter((p) => p.status === DraftPageStatus.REJECTED).length,
    marks,
  };
}
