import { LIMITS, StepStatus } from '@koma/shared/constants';
import { describe, expect, it } from 'vitest';

const NO_RENDITIONS = {
  uploadId: 0,
  status: 'pending',
  stage: 'queued',
  thumb: '',
  preview: '',
  dzi: '',
  reason: '',
  width: null,
  height: null,
  tiles: null,
  details: null,
} as const;

import {
  addStep,
  applyToAll,
  bulkProblem,
  canMove,
  changedPageIds,
  firstProblem,
  isProblem,
  lockedCount,
  moveStep,
  newStep,
  noStepsAnywhere,
  type PageAssignment,
  type PagePlan,
  type PlanEdit,
  type PlanStep,
  type PositionMembers,
  plansFromAssignment,
  rebase,
  removeStep,
  setOwner,
  setTask,
  stepsChanged,
  toSaveBody,
} from './step-plan';

const positions: PositionMembers = [
  {
    pos_id: 2,
    position: 'メイン作画',
    members: [
      { id: 1, nickname: 'founder', pic: '' },
      { id: 7, nickname: 'artist', pic: '' },
    ],
  },
  { pos_id: 8, position: '仕上げ', members: [{ id: 1, nickname: 'founder', pic: '' }] },
  {
    pos_id: 11,
    position: '写植',
    members: [
      { id: 1, nickname: 'founder', pic: '' },
      { id: 9, nickname: 'letterer', pic: '' },
    ],
  },
];

function saved(
  stepId: number,
  posId: number,
  owner: number,
  status: number = StepStatus.NOT_STARTED,
): PlanStep {
  return {
    key: `s${stepId}`,
    stepId,
    posId,
    ownerUserId: owner,
    status,
    locked: status !== StepStatus.NOT_STARTED,
    position: `pos${posId}`,
    ownerNickname: `user${owner}`,
  };
}

const ok = (edit: PlanEdit): PlanStep[] => {
  if (isProblem(edit)) throw new Error(`refused: ${edit}`);
  return edit;
};
const ids = (steps: PlanStep[]) => steps.map((s) => s.stepId ?? s.key);

// Two started steps (locked), then two not started.
const page = [
  saved(1, 2, 7, StepStatus.DONE),
  saved(2, 8, 1, StepStatus.IN_PROGRESS),
  saved(3, 11, 9),
  saved(4, 11, 1),
];

describe('plansFromAssignment', () => {
  it('keeps the server order and locks every step that has left 0', () => {
    const data: PageAssignment = {
      editable: true,
      pages: [
        {
          page_id: 10,
          num: 1,
          icon: 'https://x/p1.png',
          renditions: NO_RENDITIONS,
          steps: [
            {
              step_id: 5,
              pos_id: 2,
              position: 'メイン作画',
              owner_user_id: 7,
              owner_nickname: 'artist',
              status: StepStatus.AWAITING_APPROVAL,
              locked: true,
              due_on: null,
              overdue: false,
            },
            {
              step_id: 6,
              pos_id: 8,
              position: '仕上げ',
              owner_user_id: 1,
              owner_nickname: 'founder',
              status: StepStatus.NOT_STARTED,
              locked: false,
              due_on: null,
              overdue: false,
            },
          ],
        },
        { page_id: 11, num: 2, icon: '', renditions: NO_RENDITIONS, steps: [] },
      ],
    };
    const plans = plansFromAssignment(data);
    expect(plans).toHaveLength(2);
    expect(plans[0]?.steps.map((s) => [s.key, s.stepId, s.posId, s.ownerUserId, s.locked])).toEqual([
      ['s5', 5, 2, 7, true],
      ['s6', 6, 8, 1, false],
    ]);
    expect(plans[0]?.steps[0]?.ownerNickname).toBe('artist');
    expect(plans[1]).toEqual({ pageId: 11, num: 2, icon: '', steps: [] });
    expect(noStepsAnywhere(plans)).toBe(false);
    expect(noStepsAnywhere([plans[1] as PagePlan])).toBe(true);
  });

  it('locks a step by its status even when the flag is missing', () => {
    const [plan] = plansFromAssignment({
      editable: true,
      pages: [
        {
          page_id: 1,
          num: 1,
          icon: '',
          renditions: NO_RENDITIONS,
          steps: [
            {
              step_id: 1,
              pos_id: 2,
              position: '',
              owner_user_id: 1,
              owner_nickname: '',
              status: StepStatus.REJECTED,
              locked: false,
              due_on: null,
              overdue: false,
            },
          ],
        },
      ],
    });
    expect(plan?.steps[0]?.locked).toBe(true);
  });
});

describe('moving steps', () => {
  it('counts the locked steps at the top', () => {
    expect(lockedCount(page)).toBe(2);
    expect(lockedCount([])).toBe(0);
    expect(lockedCount([saved(1, 2, 1)])).toBe(0);
  });

  it('moves unlocked steps among themselves, up and down', () => {
    expect(ids(ok(moveStep(page, 3, 2)))).toEqual([1, 2, 4, 3]);
    expect(ids(ok(moveStep(page, 2, 3)))).toEqual([1, 2, 4, 3]);
    const five = [...page, saved(5, 2, 7)];
    expect(ids(ok(moveStep(five, 4, 2)))).toEqual([1, 2, 5, 3, 4]);
    expect(ids(ok(moveStep(five, 2, 4)))).toEqual([1, 2, 4, 5, 3]);
  });

  it('refuses to move a locked step', () => {
    expect(moveStep(page, 0, 1)).toBe('stepLocked');
    expect(moveStep(page, 1, 3)).toBe('stepLocked');
    expect(canMove(page, 1, 0)).toBe(false);
  });

  it('never puts an unlocked step above a locked one', () => {
    expect(moveStep(page, 2, 1)).toBe('stepLocked');
    expect(moveStep(page, 3, 0)).toBe('stepLocked');
    expect(canMove(page, 2, 1)).toBe(false);
    expect(canMove(page, 3, 2)).toBe(true);
  });

  it('leaves the list as it is for a move to the same place or out of range', () => {
    expect(ids(ok(moveStep(page, 2, 2)))).toEqual([1, 2, 3, 4]);
    expect(ids(ok(moveStep(page, 3, 4)))).toEqual([1, 2, 3, 4]);
    expect(ids(ok(moveStep(page, -1, 2)))).toEqual([1, 2, 3, 4]);
    expect(canMove(page, 3, 4)).toBe(false);
  });

  it('does not change the list it was given', () => {
    const copy = [...page];
    moveStep(page, 3, 2);
    removeStep(page, 3);
    expect(page).toEqual(copy);
  });
});

describe('adding and removing steps', () => {
  it('removes an unlocked step and refuses a locked one', () => {
    expect(ids(ok(removeStep(page, 2)))).toEqual([1, 2, 4]);
    expect(removeStep(page, 0)).toBe('stepLocked');
    expect(removeStep(page, 1)).toBe('stepLocked');
    expect(ids(ok(removeStep(page, 9)))).toEqual([1, 2, 3, 4]);
  });

  it('appends new steps up to the limit', () => {
    const added = ok(addStep(page));
    expect(added).toHaveLength(5);
    expect(added[4]).toMatchObject({
      stepId: null,
      posId: null,
      ownerUserId: null,
      status: 0,
      locked: false,
    });
    const full = Array.from({ length: LIMITS.stepsPerPageMax }, () => newStep(2, 1));
    expect(addStep(full)).toBe('stepsPerPageTooMany');
  });

  it('gives every new step its own key', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newStep().key));
    expect(keys.size).toBe(50);
  });
});

describe('changing a step', () => {
  const fresh = [newStep()];

  it('keeps the assignee when they may take the new task', () => {
    const steps = ok(setOwner(ok(setTask(fresh, 0, 2, positions)), 0, 1));
    expect(ok(setTask(steps, 0, 11, positions))[0]).toMatchObject({ posId: 11, ownerUserId: 1 });
  });

  it('clears the assignee who may not take the new task, or picks the only candidate', () => {
    const steps = ok(setOwner(ok(setTask(fresh, 0, 2, positions)), 0, 7));
    expect(ok(setTask(steps, 0, 11, positions))[0]).toMatchObject({ posId: 11, ownerUserId: null });
    expect(ok(setTask(steps, 0, 8, positions))[0]).toMatchObject({ posId: 8, ownerUserId: 1 });
    expect(ok(setTask(steps, 0, null, positions))[0]).toMatchObject({ posId: null, ownerUserId: null });
  });

  it('refuses to change a locked step', () => {
    expect(setTask(page, 0, 11, positions)).toBe('stepLocked');
    expect(setOwner(page, 1, 7)).toBe('stepLocked');
    expect(ok(setOwner(page, 2, 1))[2]).toMatchObject({ stepId: 3, ownerUserId: 1 });
  });
});

describe('bulk apply', () => {
  const empty: PagePlan[] = [
    { pageId: 10, num: 1, icon: '', steps: [] },
    { pageId: 11, num: 2, icon: '', steps: [] },
  ];

  it('needs at least one step, each with a task', () => {
    expect(bulkProblem([])).toBe('taskRequired');
    expect(bulkProblem([newStep(2, 1), newStep()])).toBe('taskRequired');
    expect(bulkProblem([newStep(2, null)])).toBeNull();
    expect(bulkProblem([newStep(2, 7), newStep(11, 9)])).toBeNull();
  });

  it('gives every page its own copy of the steps', () => {
    const template = [newStep(2, 7), newStep(11, null)];
    const applied = applyToAll(empty, template);
    expect(applied.map((p) => p.steps.map((s) => [s.stepId, s.posId, s.ownerUserId]))).toEqual([
      [
        [null, 2, 7],
        [null, 11, null],
      ],
      [
        [null, 2, 7],
        [null, 11, null],
      ],
    ]);
    const keys = applied.flatMap((p) => p.steps.map((s) => s.key));
    expect(new Set(keys).size).toBe(4);
    expect(keys).not.toContain(template[0]?.key);
  });

  it('keeps locked steps first and replaces the rest', () => {
    const [p] = applyToAll([{ pageId: 1, num: 1, icon: '', steps: page }], [newStep(8, 1)]);
    expect(p?.steps.map((s) => [s.stepId, s.posId])).toEqual([
      [1, 2],
      [2, 8],
      [null, 8],
    ]);
  });
});

describe('saving', () => {
  const base: PagePlan[] = [
    { pageId: 10, num: 1, icon: '', steps: page },
    { pageId: 11, num: 2, icon: '', steps: [saved(8, 2, 7)] },
    { pageId: 12, num: 3, icon: '', steps: [] },
  ];

  it('sees order, task, assignee, additions and removals as changes', () => {
    expect(stepsChanged(page, [...page])).toBe(false);
    expect(stepsChanged(page, ok(moveStep(page, 3, 2)))).toBe(true);
    expect(stepsChanged(page, ok(setOwner(page, 2, 1)))).toBe(true);
    expect(stepsChanged(page, ok(setTask(page, 3, 2, positions)))).toBe(true);
    expect(stepsChanged(page, ok(removeStep(page, 3)))).toBe(true);
    expect(stepsChanged(page, ok(addStep(page)))).toBe(true);
    // A removed step added again as new is a change (it gets a new step).
    const again = [...ok(removeStep(page, 3)), newStep(11, 1)];
    expect(stepsChanged(page, again)).toBe(true);
    // Changing a step and changing it back is not.
    const back = ok(setOwner(ok(setOwner(page, 2, 1)), 2, 9));
    expect(stepsChanged(page, back)).toBe(false);
  });

  it('sends only the changed pages, every step in order, with the ids of saved steps', () => {
    const draft = base.map((p) =>
      p.pageId === 10
        ? { ...p, steps: [...ok(moveStep(p.steps, 3, 2)), newStep(2, 7)] }
        : p.pageId === 12
          ? { ...p, steps: [newStep(11, 9)] }
          : p,
    );
    const changed = changedPageIds(base, draft);
    expect([...changed].sort()).toEqual([10, 12]);
    expect(firstProblem(draft, changed, positions)).toBeNull();
    expect(toSaveBody(3, 4, draft, changed)).toEqual({
      projectId: 3,
      chapterId: 4,
      pages: [
        {
          pageId: 10,
          steps: [
            { stepId: 1, posId: 2, ownerUserId: 7 },
            { stepId: 2, posId: 8, ownerUserId: 1 },
            { stepId: 4, posId: 11, ownerUserId: 1 },
            { stepId: 3, posId: 11, ownerUserId: 9 },
            { posId: 2, ownerUserId: 7 },
          ],
        },
        { pageId: 12, steps: [{ posId: 11, ownerUserId: 9 }] },
      ],
    });
  });

  it('sends a page whose steps were all removed', () => {
    const draft = base.map((p) => (p.pageId === 11 ? { ...p, steps: [] } : p));
    const changed = changedPageIds(base, draft);
    expect(toSaveBody(3, 4, draft, changed).pages).toEqual([{ pageId: 11, steps: [] }]);
  });

  it('finds the first missing task, then assignee, pages and steps in order', () => {
    const draft: PagePlan[] = [
      { pageId: 10, num: 1, icon: '', steps: [...page, newStep(2, null)] },
      { pageId: 11, num: 2, icon: '', steps: [newStep()] },
      { pageId: 12, num: 3, icon: '', steps: [] },
    ];
    const changed = changedPageIds(base, draft);
    expect(firstProblem(draft, changed, positions)).toEqual({
      key: 'assigneeRequired',
      pageId: 10,
      num: 1,
      index: 4,
    });
    expect(firstProblem(draft.slice(1), changed, positions)).toEqual({
      key: 'taskRequired',
      pageId: 11,
      num: 2,
      index: 0,
    });
  });

  it('checks that the assignee may take the task, but not on locked steps', () => {
    const draft: PagePlan[] = [{ pageId: 12, num: 3, icon: '', steps: [newStep(8, 7)] }];
    expect(firstProblem(draft, new Set([12]), positions)?.key).toBe('assigneeNotMember');
    // A started step keeps whoever has it, even if they no longer hold the position.
    const lockedOnly: PagePlan[] = [
      { pageId: 12, num: 3, icon: '', steps: [saved(20, 8, 7, StepStatus.IN_PROGRESS), newStep(8, 1)] },
    ];
    expect(firstProblem(lockedOnly, new Set([12]), positions)).toBeNull();
  });

  it('ignores problems on pages that are not sent', () => {
    const draft: PagePlan[] = [{ pageId: 12, num: 3, icon: '', steps: [newStep()] }];
    expect(firstProblem(draft, new Set(), positions)).toBeNull();
  });
});

describe('rebase (the plan reloaded while editing)', () => {
  const base: PagePlan[] = [
    { pageId: 10, num: 1, icon: 'a', steps: [saved(3, 11, 9), saved(4, 11, 1)] },
    { pageId: 11, num: 2, icon: 'b', steps: [saved(8, 2, 7)] },
  ];

  it('takes the new data for pages not edited', () => {
    const server: PagePlan[] = [
      base[0] as PagePlan,
      { pageId: 11, num: 2, icon: 'b2', steps: [saved(8, 2, 7, StepStatus.IN_PROGRESS)] },
    ];
    const { draft, dropped } = rebase(base, base, server);
    expect(draft).toEqual(server);
    expect(dropped).toEqual([]);
  });

  it('keeps edits and takes the new statuses when the started steps stay in place', () => {
    const mine = base.map((p) =>
      p.pageId === 10 ? { ...p, steps: ok(addStep(p.steps, newStep(2, 7))) } : p,
    );
    const server: PagePlan[] = [
      { pageId: 10, num: 1, icon: 'a', steps: [saved(3, 11, 9, StepStatus.IN_PROGRESS), saved(4, 11, 1)] },
      base[1] as PagePlan,
    ];
    const { draft, dropped } = rebase(base, mine, server);
    expect(dropped).toEqual([]);
    expect(draft[0]?.steps.map((s) => [s.stepId, s.locked])).toEqual([
      [3, true],
      [4, false],
      [null, false],
    ]);
  });

  it('drops the edits of a page whose moved or removed step has started', () => {
    const moved = base.map((p) => (p.pageId === 10 ? { ...p, steps: ok(moveStep(p.steps, 1, 0)) } : p));
    const removed = base.map((p) => (p.pageId === 10 ? { ...p, steps: ok(removeStep(p.steps, 0)) } : p));
    const server: PagePlan[] = [
      { pageId: 10, num: 1, icon: 'a', steps: [saved(3, 11, 9, StepStatus.IN_PROGRESS), saved(4, 11, 1)] },
      base[1] as PagePlan,
    ];
    for (const mine of [moved, removed]) {
      const { draft, dropped } = rebase(base, mine, server);
      expect(dropped).toEqual([1]);
      expect(draft[0]).toEqual(server[0]);
    }
  });

  it('drops the edits of a page whose steps were replaced by another save', () => {
    const mine = base.map((p) => (p.pageId === 11 ? { ...p, steps: ok(setOwner(p.steps, 0, 1)) } : p));
    const server: PagePlan[] = [
      base[0] as PagePlan,
      { pageId: 11, num: 2, icon: 'b', steps: [saved(30, 2, 7)] },
    ];
    const { draft, dropped } = rebase(base, mine, server);
    expect(dropped).toEqual([2]);
    expect(draft[1]).toEqual(server[1]);
  });
});
