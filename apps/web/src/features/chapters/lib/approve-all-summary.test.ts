import { describe, expect, it } from 'vitest';
import { approveAllSummary } from './approve-all-summary';

const page = (status: number, open = 0, resolved = 0, confirmed = 0) => ({
  status,
  marks: { open, resolved, confirmed },
});

describe('approveAllSummary', () => {
  it('counts the pages still to approve, the sent-back ones among them, and every mark by state', () => {
    expect(approveAllSummary([page(4), page(4, 0, 0, 1), page(3, 2), page(5, 0, 1), page(6)])).toEqual({
      total: 5,
      toApprove: 3,
      sentBack: 1,
      marks: { open: 2, resolved: 1, confirmed: 1 },
    });
  });

  it('has nothing to approve on a name whose pages are all approved', () => {
    expect(approveAllSummary([page(4), page(4)])).toMatchObject({ total: 2, toApprove: 0, sentBack: 0 });
  });
});
