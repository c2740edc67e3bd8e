import { LIMITS, type MarkAddBody, type MarkData, type MarkState, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  act,
  approvedChapter,
  type Production,
  pageFile,
  pageSteps,
  standardPlan,
} from '../../test/workflow-test-helpers.js';
import { uploads } from '../uploads/uploads.table.js';
import { pageMarkReplies, pageMarks } from './marks.table.js';

/**
 * Red-pen marks through the calls a user makes (docs/marks.md). Page 1's first step (pencils,
 * position 2) is the main artist's, handed in: only the founder judges it, the artist resolves.
 * The test images are 120 × 90 pixels (test/upload-test-helpers.ts).
 */
const ja = MESSAGES.ja;
let t: TestApp;
let p: Production;
let pageId: number;
/** The storyboard file of page 1 and the main artist's handed-in pencils. */
let storyboard: number;
let pencils: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 2);
  await standardPlan(t, p);
  pageId = p.pageIds[0] as number;
  const stepId = (await pageSteps(t, p, pageId)).steps[0]?.step_id as number;
  await act(t, p, p.artist, 'actionStart', stepId);
  await act(t, p, p.artist, 'actionCommit', stepId, { filePath: await pageFile(t, p.artist) });
  await t.settleJobs();
  const viewer = await call(t, contract.workflow.viewer, chapter(), p.founder.token);
  const revisions = viewer.body.data.pages[0]?.revisions ?? [];
  storyboard = revisions.find((r) => r.kind === 'script')?.id as number;
  pencils = revisions.find((r) => r.kind === 'step')?.id as number;
}, 60_000);
afterAll(() => t.close());

const chapter = () => ({ projectId: p.projectId, chapterId: p.chapterId });
const RECT = { type: 'rect', x: 10, y: 10, w: 40, h: 30 } as const;

function add(who: Person, body: Partial<MarkAddBody> | Record<string, unknown> = {}) {
  const input = {
    projectId: p.projectId,
    pageId,
    revisionId: pencils,
    shape: RECT,
    comment: 'トーン抜け',
    ...body,
  };
  return callUnchecked(t, contract.marks.add, input, who.token);
}

async function added(who: Person, body: Partial<MarkAddBody> = {}): Promise<MarkData> {
  const res = await add(who, body);
  if (res.http !== 200) throw new Error(`mark not added: ${res.body.info}`);
  return res.body.data;
}

async function list(who: Person = p.founder, revisionId?: number) {
  const res = await call(
    t,
    contract.marks.list,
    { projectId: p.projectId, pageId, ...(revisionId ? { revisionId } : {}) },
    who.token,
  );
  return res;
}

const marksNow = async () => (await list()).body.data.marks;

type Move = 'resolve' | 'confirm' | 'reopen';
function move(action: Move, who: Person, mark: { id: number }, state: MarkState) {
  return call(t, contract.marks[action], { projectId: p.projectId, markId: mark.id, state }, who.token);
}

const stateOf = async (mark: { id: number }) => (await marksNow()).find((m) => m.id === mark.id)?.state;

describe('drawing a mark', () => {
  it('the founder marks the main artist’s pencils: a numbered red pin in the original’s pixels that every member sees', async () => {
    const res = await add(p.founder);
    expect(res.http).toBe(200);
    expect(res.body.info).toBe(ja.markAdded);
    const mark = res.body.data;
    expect(mark).toMatchObject({
      page_id: pageId,
      revision_id: pencils,
      shape: RECT,
      color: 'red',
      comment: 'トーン抜け',
      state: 'open',
      author: { id: p.founder.id, nickname: p.founder.nickname },
      state_by: null,
      replies: [],
    });
    expect(mark.step_id).toEqual(expect.any(Number));
    for (const member of [p.artist, p.assistant, p.editor]) {
      const seen = await list(member);
      expect(seen.http).toBe(200);
      expect(seen.body.data.marks.map((m) => m.id)).toContain(mark.id);
    }
    const stranger = await list(p.stranger);
    expect([stranger.http, stranger.body.data]).toEqual([404, null]);
  });

  it('numbers the pins of a page 1, 2, 3… even when marks are drawn at once', async () => {
    const before = (await marksNow()).length;
    const shapes = [
      {
        type: 'pen',
        points: [
          [1, 1],
          [20, 5],
          [40, 30],
        ],
      },
      { type: 'ellipse', x: 0, y: 0, w: 120, h: 90 },
      { type: 'arrow', from: [100, 80], to: [60, 45] },
      { type: 'text', x: 5, y: 70, text: 'ここ修正' },
    ] as const;
    const answers = await Promise.all(
      [...shapes, ...shapes].map((shape, i) => add(p.founder, { shape, color: i % 2 ? 'blue' : 'red' })),
    );
    expect(answers.map((a) => a.http)).toEqual(Array(8).fill(200));
    const nums = (await marksNow()).map((m) => m.num);
    expect(nums).toEqual(Array.from({ length: before + 8 }, (_, i) => i + 1));
  });

  it('lists one revision’s marks or all of the page’s, with counts by state', async () => {
    const onStoryboard = await added(p.editor, { revisionId: storyboard });
    const all = await list(p.assistant);
    const pencilsOnly = await list(p.assistant, pencils);
    const storyboardOnly = await list(p.assistant, storyboard);
    expect(storyboardOnly.body.data.marks.map((m) => m.id)).toEqual([onStoryboard.id]);
    expect(pencilsOnly.body.data.marks.map((m) => m.id)).not.toContain(onStoryboard.id);
    expect(all.body.data.marks).toHaveLength(pencilsOnly.body.data.marks.length + 1);
    expect(all.body.data.counts).toEqual({ open: all.body.data.marks.length, resolved: 0, confirmed: 0 });
  });

  it('is refused to whoever may not judge the page, with nothing drawn', async () => {
    const before = await marksNow();
    const cases: [Person, number, number, string][] = [
      // nobody judges their own work: the main artist's own step is the founder's to judge
      [p.artist, pencils, 403, ja.ownWorkMark],
      [p.assistant, pencils, 403, ja.forbidden],
      // the storyboard is the editor's to judge
      [p.founder, storyboard, 403, ja.forbidden],
      [p.stranger, pencils, 404, ja.notFound],
    ];
    for (const [who, revisionId, http, info] of cases) {
      const res = await add(who, { revisionId });
      expect([res.http, res.body.info], who.nickname).toEqual([http, info]);
    }
    expect(await marksNow()).toEqual(before);
  });

  it('the editor in charge marks a step’s revision and judges it, but still does not approve the step', async () => {
    const mark = await added(p.editor, { comment: '下描き：表情をもっと硬く' });
    expect(mark).toMatchObject({ author: { id: p.editor.id }, state: 'open' });
    expect((await list(p.editor, pencils)).body.data.may).toEqual({ judge: true, resolve: false });
    await move('resolve', p.artist, mark, 'open');
    const confirmed = await move('confirm', p.editor, mark, 'resolved');
    expect([confirmed.http, confirmed.body.data.state]).toEqual([200, 'confirmed']);
    const before = (await pageSteps(t, p, pageId)).steps[0];
    const approve = await act(t, p, p.editor, 'actionAuditPass', before?.step_id as number);
    expect(approve.http).toBe(403);
    expect((await pageSteps(t, p, pageId)).steps[0]).toEqual(before);
  });

  it('refuses bad shapes, colours, comments and revisions with a clear message, drawing nothing', async () => {
    const before = await marksNow();
    const tooManyPoints = Array.from({ length: LIMITS.markPointsMax + 1 }, (_, i) => [i % 120, 1]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ shape: { type: 'star', x: 1, y: 1 } }, 400, ja.markShapeInvalid],
      [{ shape: { type: 'rect', x: 1, y: 1, w: -5, h: 5 } }, 400, ja.markShapeInvalid],
      [{ shape: { type: 'pen', points: [[1, 1]] } }, 400, ja.markShapeInvalid],
      [{ shape: { type: 'pen', points: tooManyPoints } }, 400, ja.markTooManyPoints],
      [
        {
          shape: {
            type: 'pen',
            points: [
              [1, 1],
              [121, 5],
            ],
          },
        },
        400,
        ja.markOutsideImage,
      ],
      [{ shape: { type: 'rect', x: 100, y: 10, w: 40, h: 10 } }, 400, ja.markOutsideImage],
      [{ shape: { type: 'arrow', from: [-1, 0], to: [5, 5] } }, 400, ja.markOutsideImage],
      [
        { shape: { type: 'text', x: 1, y: 1, text: 'あ'.repeat(LIMITS.markTextMax + 1) } },
        400,
        ja.markTextTooLong,
      ],
      [{ color: 'pink' }, 400, ja.markColorInvalid],
      [{ comment: 'あ'.repeat(LIMITS.markCommentMax + 1) }, 400, ja.markCommentTooLong],
      [{ comment: '   ' }, 400, ja.requiredField],
      // a revision of another page
      [{ pageId: p.pageIds[1] }, 404, ja.notFound],
    ];
    for (const [body, http, info] of cases) {
      const res = await add(p.founder, body);
      expect([res.http, res.body.info], JSON.stringify(body).slice(0, 80)).toEqual([http, info]);
    }
    expect(await marksNow()).toEqual(before);
  });
});

describe('the marks of a page', () => {
  it(`stop at ${LIMITS.marksPerPageMax}: the next is refused and nothing is drawn`, async () => {
    const otherPage = p.pageIds[1] as number;
    const viewer = await call(t, contract.workflow.viewer, chapter(), p.founder.token);
    const revisionId = viewer.body.data.pages[1]?.revisions[0]?.id as number;
    const rows = Array.from({ length: LIMITS.marksPerPageMax - 1 }, (_, i) => ({
      pageId: otherPage,
      uploadId: revisionId,
      num: i + 1,
      shape: RECT,
      color: 'red' as const,
      comment: '既存',
      authorId: p.editor.id,
    }));
    await t.app.deps.db.insert(pageMarks).values(rows);
    const last = await add(p.editor, { pageId: otherPage, revisionId });
    expect([last.http, last.body.data?.num]).toEqual([200, LIMITS.marksPerPageMax]);
    const over = await add(p.editor, { pageId: otherPage, revisionId });
    expect([over.http, over.body.info]).toEqual([409, ja.marksFull]);
    const listed = await call(
      t,
      contract.marks.list,
      { projectId: p.projectId, pageId: otherPage },
      p.editor.token,
    );
    expect(listed.body.data.marks).toHaveLength(LIMITS.marksPerPageMax);
  });
});

describe('a mark’s thread', () => {
  it('takes replies from the assignee and the reviewers, oldest first, and from nobody else', async () => {
    const mark = await added(p.founder);
    const reply = (who: Person, content = 'はい') =>
      callUnchecked(t, contract.marks.reply, { projectId: p.projectId, markId: mark.id, content }, who.token);
    expect((await reply(p.artist, '直しました')).http).toBe(200);
    const second = await reply(p.founder, '確認します');
    expect([second.http, second.body.info]).toEqual([200, ja.markReplied]);
    expect(second.body.data.replies.map((r) => [r.author.id, r.content])).toEqual([
      [p.artist.id, '直しました'],
      [p.founder.id, '確認します'],
    ]);
    for (const [who, http] of [
      [p.assistant, 403],
      [p.stranger, 404],
    ] as const)
      expect((await reply(who)).http, who.nickname).toBe(http);
    const tooLong = await reply(p.artist, 'あ'.repeat(LIMITS.markCommentMax + 1));
    expect([tooLong.http, tooLong.body.info]).toEqual([400, ja.markCommentTooLong]);
    const thread = (await marksNow()).find((m) => m.id === mark.id)?.replies;
    expect(thread).toHaveLength(2);
  });
});

describe('a mark’s states', () => {
  it('open → resolved by the assignee → confirmed by a reviewer → reopened by a reviewer', async () => {
    const mark = await added(p.founder);
    const resolved = await move('resolve', p.artist, mark, 'open');
    expect([resolved.http, resolved.body.info]).toEqual([200, ja.markResolved]);
    expect(resolved.body.data).toMatchObject({ state: 'resolved', state_by: { id: p.artist.id } });
    const confirmed = await move('confirm', p.founder, mark, 'resolved');
    expect([confirmed.http, confirmed.body.data.state]).toEqual([200, 'confirmed']);
    const reopened = await move('reopen', p.founder, mark, 'confirmed');
    expect([reopened.http, reopened.body.data.state]).toEqual([200, 'open']);
    await move('resolve', p.artist, mark, 'open');
    const again = await move('reopen', p.founder, mark, 'resolved');
    expect([again.http, again.body.data.state]).toEqual([200, 'open']);
    expect(await stateOf(mark)).toBe('open');
  });

  it('refuses the wrong actor for each change, leaving the state as it was', async () => {
    const mark = await added(p.founder);
    const refusals: [Move, Person, MarkState, number, string][] = [
      // a reviewer cannot resolve: only the step's assignee does
      ['resolve', p.founder, 'open', 403, ja.notYourStep],
      ['resolve', p.assistant, 'open', 403, ja.notYourStep],
      ['resolve', p.stranger, 'open', 404, ja.notFound],
    ];
    for (const [action, who, state, http, info] of refusals) {
      const res = await move(action, who, mark, state);
      expect([res.http, res.body.info], `${action} by ${who.nickname}`).toEqual([http, info]);
    }
    expect(await stateOf(mark)).toBe('open');
    await move('resolve', p.artist, mark, 'open');
    const judged: [Move, Person, MarkState, number, string][] = [
      // the assignee cannot confirm or reopen, least of all their own work
      ['confirm', p.artist, 'resolved', 403, ja.ownWorkMark],
      ['reopen', p.artist, 'resolved', 403, ja.ownWorkMark],
      ['confirm', p.assistant, 'resolved', 403, ja.forbidden],
      ['reopen', p.stranger, 'resolved', 404, ja.notFound],
    ];
    for (const [action, who, state, http, info] of judged) {
      const res = await move(action, who, mark, state);
      expect([res.http, res.body.info], `${action} by ${who.nickname}`).toEqual([http, info]);
    }
    expect(await stateOf(mark)).toBe('resolved');
  });

  it('acts only on the state the caller saw: a stale screen or an impossible change is a 409', async () => {
    const mark = await added(p.founder);
    const stale = await move('confirm', p.founder, mark, 'resolved');
    expect([stale.http, stale.body.info]).toEqual([409, ja.markStateChanged]);
    const impossible = await move('confirm', p.founder, mark, 'open');
    expect([impossible.http, impossible.body.info]).toEqual([409, ja.conflict]);
    await move('resolve', p.artist, mark, 'open');
    const twice = await move('resolve', p.artist, mark, 'open');
    expect([twice.http, twice.body.info]).toEqual([409, ja.markStateChanged]);
    expect(await stateOf(mark)).toBe('resolved');
  });

  it('on the storyboard: the editor judges, the creators resolve', async () => {
    const mark = await added(p.editor, { revisionId: storyboard });
    expect(mark.step_id).toBeNull();
    expect((await move('resolve', p.editor, mark, 'open')).http).toBe(403);
    expect((await move('resolve', p.artist, mark, 'open')).body.data.state).toBe('resolved');
    expect((await move('confirm', p.founder, mark, 'resolved')).http).toBe(403);
    expect((await move('confirm', p.editor, mark, 'resolved')).body.data.state).toBe('confirmed');
  });
});

describe('a storyboard file lost before revisions were kept', () => {
  it('leaves its marks on the page, with no revision, rather than losing them', async () => {
    const mark = await added(p.editor, { revisionId: storyboard, comment: '表情をもっと硬く' });
    // What replacing a storyboard file did to the old one before its revisions were kept (issue
    // 40): its row went. Marks of that time are still shown over the page's files.
    await t.app.deps.db.delete(uploads).where(eq(uploads.id, storyboard));
    const kept = (await marksNow()).find((m) => m.id === mark.id);
    expect(kept).toMatchObject({
      revision_id: null,
      comment: '表情をもっと硬く',
      state: 'open',
      num: mark.num,
    });
    // The old file itself is no revision any more.
    expect((await list(p.assistant, storyboard)).http).toBe(404);
  });
});

describe('removing a mark', () => {
  it('is its author’s while it is open; then it is part of the page’s history', async () => {
    const remove = (who: Person, mark: { id: number }) =>
      call(t, contract.marks.remove, { projectId: p.projectId, markId: mark.id }, who.token);
    const mark = await added(p.founder);
    for (const [who, http] of [
      [p.artist, 403],
      [p.editor, 403],
      [p.stranger, 404],
    ] as const)
      expect((await remove(who, mark)).http, who.nickname).toBe(http);
    const removed = await remove(p.founder, mark);
    expect([removed.http, removed.body.info]).toEqual([200, ja.markRemoved]);
    expect((await marksNow()).map((m) => m.id)).not.toContain(mark.id);
    const kept = await added(p.founder);
    await move('resolve', p.artist, kept, 'open');
    const late = await remove(p.founder, kept);
    expect([late.http, late.body.info]).toEqual([409, ja.markStateChanged]);
    expect(await stateOf(kept)).toBe('resolved');
  });
});

describe('racing changes', () => {
  it('confirm and reopen of the same resolved mark at once: exactly one wins, every time', async () => {
    const mark = await added(p.founder);
    for (let round = 0; round < 15; round++) {
      await move('resolve', p.artist, mark, 'open');
      const [confirm, reopen] = await Promise.all([
        move('confirm', p.founder, mark, 'resolved'),
        move('reopen', p.founder, mark, 'resolved'),
      ]);
      const https = [confirm.http, reopen.http].sort();
      expect(https, `round ${round}`).toEqual([200, 409]);
      const loser = confirm.http === 409 ? confirm : reopen;
      expect(loser.body.info).toBe(ja.markStateChanged);
      const want = confirm.http === 200 ? 'confirmed' : 'open';
      expect(await stateOf(mark)).toBe(want);
      if (want === 'confirmed') await move('reopen', p.founder, mark, 'confirmed');
    }
  });

  it('two resolves of one open mark (a double click, two tabs): exactly one wins', async () => {
    for (let round = 0; round < 10; round++) {
      const mark = await added(p.founder);
      const answers = await Promise.all([
        move('resolve', p.artist, mark, 'open'),
        move('resolve', p.artist, mark, 'open'),
      ]);
      expect(answers.map((a) => a.http).sort(), `round ${round}`).toEqual([200, 409]);
      expect(await stateOf(mark)).toBe('resolved');
    }
  });
});

describe('one revision in the viewer', () => {
  it('tells each member what they may do on it: the reviewer draws, the assignee resolves', async () => {
    const may = async (who: Person, revisionId: number) => (await list(who, revisionId)).body.data.may;
    expect(await may(p.founder, pencils)).toEqual({ judge: true, resolve: false });
    expect(await may(p.artist, pencils)).toEqual({ judge: false, resolve: true });
    expect(await may(p.assistant, pencils)).toEqual({ judge: false, resolve: false });
    expect((await list(p.founder)).body.data.may).toEqual({ judge: false, resolve: false });
    // A chapter in production is open to changes (a 校了 one is not: mark-events.test.ts).
    expect((await list(p.founder, pencils)).body.data.locked).toBe(false);
  });

  it('shows the marks not yet confirmed on the step’s earlier revision as ghosts over the next one', async () => {
    const open = await added(p.founder, { comment: '手の形を直して' });
    const resolved = await added(p.founder, { comment: '背景の線が太い' });
    const confirmed = await added(p.founder, { comment: '効果線を足して' });
    await move('resolve', p.artist, resolved, 'open');
    await move('resolve', p.artist, confirmed, 'open');
    await move('confirm', p.founder, confirmed, 'resolved');
    const stepId = open.step_id as number;
    await act(t, p, p.founder, 'actionAuditReject', stepId, { remark: '赤入れを見てください' });
    await act(t, p, p.artist, 'actionStart', stepId);
    await act(t, p, p.artist, 'actionCommit', stepId, { filePath: await pageFile(t, p.artist) });
    await t.settleJobs();
    const viewer = await call(t, contract.workflow.viewer, chapter(), p.founder.token);
    const next = viewer.body.data.pages[0]?.revisions.filter((r) => r.kind === 'step').at(-1)?.id as number;
    expect(next).toBeGreaterThan(pencils);

    const over = (await list(p.artist, next)).body.data;
    expect(over.marks).toEqual([]);
    const ghostIds = over.ghosts.map((g) => g.id);
    expect(ghostIds).toEqual(expect.arrayContaining([open.id, resolved.id]));
    expect(ghostIds).not.toContain(confirmed.id);
    expect(over.ghosts.every((g) => g.state !== 'confirmed' && g.step_id === stepId)).toBe(true);
    // The earlier revision shows its own marks, nothing of a later one.
    expect((await list(p.artist, pencils)).body.data.ghosts).toEqual([]);
    // Resolved and confirmed over the new revision, the ghost is gone.
    await move('resolve', p.artist, open, 'open');
    await move('confirm', p.founder, open, 'resolved');
    expect((await list(p.artist, next)).body.data.ghosts.map((g) => g.id)).not.toContain(open.id);
  });
});

describe('the limits of threads', () => {
  const reply = (markId: number, content = 'はい', who: Person = p.artist) =>
    callUnchecked(t, contract.marks.reply, { projectId: p.projectId, markId, content }, who.token);
  const repliesOf = async (markId: number) => (await marksNow()).find((m) => m.id === markId)?.replies.length;
  /** Replies stored straight into the table: the thread comes near its limit without 50 calls. */
  const stored = (markId: number, n: number, content = '既存') =>
    t.app.deps.db
      .insert(pageMarkReplies)
      .values(Array.from({ length: n }, () => ({ markId, userId: p.founder.id, content })));

  it(`a mark takes ${LIMITS.markRepliesMax} replies; the next is refused and nothing is stored`, async () => {
    const mark = await added(p.founder);
    await stored(mark.id, LIMITS.markRepliesMax - 1);
    const last = await reply(mark.id, '最後');
    expect([last.http, last.body.data?.replies.length]).toEqual([200, LIMITS.markRepliesMax]);
    const over = await reply(mark.id, 'もう一つ', p.founder);
    expect([over.http, over.body.info]).toEqual([409, ja.markRepliesFull]);
    expect(await repliesOf(mark.id)).toBe(LIMITS.markRepliesMax);
  });

  it('replies sent at once at the limit never pass it', async () => {
    const mark = await added(p.founder);
    const room = 3;
    await stored(mark.id, LIMITS.markRepliesMax - room);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => reply(mark.id, `返信${i}`)));
    const https = answers.map((a) => a.http);
    expect(https.filter((h) => h === 200)).toHaveLength(room);
    expect(https.filter((h) => h === 409)).toHaveLength(8 - room);
    expect(answers.filter((a) => a.http === 409).every((a) => a.body.info === ja.markRepliesFull)).toBe(true);
    expect(await repliesOf(mark.id)).toBe(LIMITS.markRepliesMax);
  });

  it(`a page's threads hold ${LIMITS.pageThreadCharsMax} characters: past them a reply or a mark is refused`, async () => {
    const mark = await added(p.founder);
    const chars = (text: string) => [...text].length;
    const pageChars = (await marksNow()).reduce(
      (sum, m) => sum + chars(m.comment) + m.replies.reduce((r, x) => r + chars(x.content), 0),
      0,
    );
    // One long reply stored straight away fills the page but for ten characters.
    const filler = 'あ'.repeat(LIMITS.pageThreadCharsMax - pageChars - 10);
    const [fill] = await t.app.deps.db
      .insert(pageMarkReplies)
      .values({ markId: mark.id, userId: p.founder.id, content: filler })
      .returning();
    try {
      expect((await reply(mark.id, '𠮷'.repeat(10))).http).toBe(200);
      const before = await marksNow();
      const over = await reply(mark.id, 'も');
      expect([over.http, over.body.info]).toEqual([409, ja.pageThreadsFull]);
      const drawn = await add(p.founder, { comment: 'も' });
      expect([drawn.http, drawn.body.info]).toEqual([409, ja.pageThreadsFull]);
      expect(await marksNow()).toEqual(before);
    } finally {
      await t.app.deps.db.delete(pageMarkReplies).where(eq(pageMarkReplies.markId, mark.id));
    }
    expect(fill).toBeDefined();
  });
});
