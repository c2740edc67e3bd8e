import { LIMITS, LiveEvent, MESSAGES, NoticeKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../infra/live-bus.js';
import { call, callUnchecked } from '../../test/api.js';
import { addChapter, productionTeam, type Team } from '../../test/chapter-fixtures.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { notices as noticesTable } from '../notices/notices.table.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Ref = { projectId: number; chapterId: number };
const list = (p: Person, ref: Ref, page: object = {}) =>
  callUnchecked(t, contract.editorialThread.list, { ...ref, ...page }, p.token);
const add = (p: Person, ref: Ref, content: unknown) =>
  callUnchecked(t, contract.editorialThread.add, { ...ref, content }, p.token);
/** The reader's notices of editorial-thread posts (the team's set-up leaves notices of its own). */
const notices = async (p: Person) =>
  (await call(t, contract.notices.list, {}, p.token)).body.data.notices.filter(
    (n) => n.target?.kind === 'editorial_thread',
  );
const contents = (res: Awaited<ReturnType<typeof list>>) =>
  (res.body.data.list as { content: string }[]).map((p) => p.content);

async function teamWithChapter(): Promise<Team & { ref: Ref }> {
  const team = await productionTeam(t);
  const chapterId = await addChapter(t, team.founder, team.projectId);
  return { ...team, ref: { projectId: team.projectId, chapterId } };
}

/** The live messages each person receives while `run` runs. */
async function liveDuring(people: Person[], run: () => Promise<unknown>) {
  const received = new Map<number, LiveMessage[]>(people.map((p) => [p.id, []]));
  const stops = people.map((p) => t.app.deps.live.subscribe(p.id, (m) => received.get(p.id)?.push(m)));
  try {
    await run();
  } finally {
    for (const stop of stops) stop();
  }
  return received;
}

describe("a chapter's editorial thread", () => {
  it('lets the editor write and the founder read and answer; each is told of the other, nobody else', async () => {
    const { founder, editor, artist, assistant, ref } = await teamWithChapter();
    const everyone = [founder, editor, artist, assistant];
    let res: Awaited<ReturnType<typeof add>> | undefined;
    const live = await liveDuring(everyone, async () => {
      res = await add(editor, ref, '  第1話の締切を一週間延ばせます\nいかがですか  ');
    });
    expect(res).toMatchObject({ http: 200, body: { status: 200, info: ja.posted } });
    const refresh = { event: LiveEvent.EDITORIAL_THREAD, data: ref };
    expect(live.get(founder.id)).toContainEqual(refresh);
    expect(live.get(editor.id)).toContainEqual(refresh);
    expect(live.get(founder.id)).toContainEqual({ event: LiveEvent.NOTICE });
    for (const p of [artist, assistant]) expect(live.get(p.id)).toEqual([]);

    const [told] = await notices(founder);
    expect(told?.message).toBe(
      `${editor.nickname}さんが「月の庭」第1話 はじまりの編集部とのスレッドに書き込みました`,
    );
    expect(told?.target).toEqual({ kind: 'editorial_thread', ...toIds(ref) });
    expect(await notices(editor)).toEqual([]);
    for (const p of [artist, assistant]) expect(await notices(p)).toEqual([]);

    const read = await list(founder, ref);
    expect(read).toMatchObject({ http: 200, body: { status: 200, data: { total: 1 } } });
    expect(read.body.data.list).toEqual([
      {
        id: expect.any(Number),
        from_uid: editor.id,
        from_nickname: editor.nickname,
        pic: '',
        content: '第1話の締切を一週間延ばせます\nいかがですか',
        create_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.+Z$/),
      },
    ]);

    expect((await add(founder, ref, 'お願いします')).http).toBe(200);
    expect((await notices(editor))[0]?.message).toContain(`${founder.nickname}さんが`);
    expect(contents(await list(editor, ref))).toEqual([
      '第1話の締切を一週間延ばせます\nいかがですか',
      'お願いします',
    ]);
  });

  it("mails a post at once by default (it stands in for LINE), like any notice by the reader's settings", async () => {
    const { founder, editor, ref } = await teamWithChapter();
    await add(editor, ref, '確認お願いします');
    const rows = await t.app.deps.db
      .select({ mode: noticesTable.mailMode })
      .from(noticesTable)
      .where(
        and(eq(noticesTable.userId, founder.id), eq(noticesTable.kind, NoticeKind.EDITORIAL_THREAD_POST)),
      );
    expect(rows).toEqual([{ mode: 'now' }]);
  });

  it('keeps each chapter its own thread', async () => {
    const { founder, editor, ref } = await teamWithChapter();
    const other = { ...ref, chapterId: await addChapter(t, founder, ref.projectId, { title: '第2話' }) };
    await add(editor, ref, '第1話のこと');
    await add(founder, other, '第2話のこと');
    expect(contents(await list(editor, ref))).toEqual(['第1話のこと']);
    expect(contents(await list(editor, other))).toEqual(['第2話のこと']);
  });

  it('shows the newest page oldest first and pages to older posts with `before`', async () => {
    const { founder, ref } = await teamWithChapter();
    for (let i = 1; i <= 25; i += 1) expect((await add(founder, ref, `post ${i}`)).http).toBe(200);
    const numbers = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `post ${from + i}`);
    const newest = await list(founder, ref);
    expect(newest.body.data.total).toBe(25);
    expect(contents(newest)).toEqual(numbers(6, 25));
    expect(newest.body.data.list).toHaveLength(LIMITS.editorialThreadPageSize);
    const older = await list(founder, ref, { before: newest.body.data.list[0]?.id });
    expect(contents(older)).toEqual(numbers(1, 5));
    expect(contents(await list(founder, ref, { page: 2 }))).toEqual(numbers(1, 5));
  });

  it('refuses empty and over-long text, storing nothing and telling nobody', async () => {
    const { founder, editor, ref } = await teamWithChapter();
    for (const content of ['', '  \n ', undefined]) {
      expect(await add(editor, ref, content)).toMatchObject({
        http: 400,
        body: { info: ja.contentRequired },
      });
    }
    const long = await add(editor, ref, 'あ'.repeat(LIMITS.editorialThreadPostMax + 1));
    expect(long).toMatchObject({ http: 400, body: { info: ja.contentTooLong } });
    expect((await list(founder, ref)).body.data.total).toBe(0);
    expect(await notices(founder)).toEqual([]);
    expect((await add(editor, ref, 'あ'.repeat(LIMITS.editorialThreadPostMax))).http).toBe(200);
  });

  it("refuses the main artist and the assistant (403), strangers and other projects' chapters (404), anonymous callers (50014)", async () => {
    const { founder, editor, artist, assistant, stranger, ref } = await teamWithChapter();
    await add(editor, ref, '内緒の相談');
    for (const p of [artist, assistant]) {
      for (const res of [await list(p, ref), await add(p, ref, 'のぞき見')]) {
        expect(res).toMatchObject({ http: 403, body: { status: 403, info: ja.forbidden } });
      }
    }
    for (const res of [await list(stranger, ref), await add(stranger, ref, 'こんにちは')]) {
      expect(res).toMatchObject({ http: 404, body: { status: 404, info: ja.notFound } });
    }
    const elsewhere = await teamWithChapter();
    const foreign = { projectId: ref.projectId, chapterId: elsewhere.ref.chapterId };
    expect(await list(founder, foreign)).toMatchObject({ http: 404 });
    expect(await add(editor, foreign, '別の企画へ')).toMatchObject({ http: 404 });
    expect((await list(elsewhere.founder, elsewhere.ref)).body.data.total).toBe(0);
    const anonymous = [
      await callUnchecked(t, contract.editorialThread.list, ref),
      await callUnchecked(t, contract.editorialThread.add, { ...ref, content: 'x' }),
    ];
    for (const res of anonymous) expect(res).toMatchObject({ http: 401, body: { status: 50014 } });
    expect(contents(await list(founder, ref))).toEqual(['内緒の相談']);
  });

  it('tells the chapter screen who may open the thread', async () => {
    const { founder, editor, artist, assistant, ref } = await teamWithChapter();
    const may = async (p: Person) =>
      (await call(t, contract.chapters.detail, ref, p.token)).body.data.viewer.editorial_thread;
    expect([await may(founder), await may(editor), await may(artist), await may(assistant)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

function toIds(ref: Ref) {
  return { project_id: ref.projectId, chapter_id: ref.chapterId, page_id: null, user_id: null };
}
