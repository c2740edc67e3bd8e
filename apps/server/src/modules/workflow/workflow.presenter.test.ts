import { describe, expect, it } from 'vitest';
import { presentWorkPage } from './workflow.presenter.js';
import type { WorkPageState } from './workflow-views.js';

const page = (stepsDone: number, stepCount: number): WorkPageState => ({
  page_id: 1,
  num: 1,
  position: null,
  status: null,
  status_text: '',
  current_user_nickname: '',
  current_user_id: null,
  update_time: '',
  workflow_step_id: null,
  icon: '',
  renditions: null,
  send_back: null,
  due_on: null,
  overdue: false,
  approvers: [],
  awaiting_my_approval: false,
  stepsDone,
  stepCount,
});

describe('a page of the work list', () => {
  it('shows its progress as steps done, a rounded percentage and the number the bar draws', () => {
    expect(presentWorkPage(page(2, 5))).toMatchObject({
      process_text: '2/5',
      percent_text: '40%',
      percent: 40,
    });
    expect(presentWorkPage(page(1, 3))).toMatchObject({
      process_text: '1/3',
      percent_text: '33%',
      percent: 33,
    });
    expect(presentWorkPage(page(5, 5))).toMatchObject({ percent_text: '100%', percent: 100 });
  });

  it('reads 0% when the page has no steps yet', () => {
    expect(presentWorkPage(page(0, 0))).toMatchObject({
      process_text: '0/0',
      percent_text: '0%',
      percent: 0,
    });
  });

  it('keeps the counts off the wire', () => {
    expect(presentWorkPage(page(2, 5))).not.toHaveProperty('stepsDone');
  });
});
