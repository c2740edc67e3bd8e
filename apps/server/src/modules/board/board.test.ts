import { LIMITS, LiveEvent, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../infra/live-bus.js';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestProject } from '../../test/test-project.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = (p: Person, body: object) => callUnchecked(t, contract.board.list, body, p.token);
const add = (p: Person, projectId: number, content: unknown) =>
  callUnchecked(t, contract.board.add, { projectId, content }, p.token);
const notices = async (p: Person) => (await call(t, contract.notices.list, {}, p.token)).body.data.notices;

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

describe('message board', () => {
  it('lets a member post; every other member gets a notice, every member a live refresh', async () => {
    const founder = await person(t, 'creator', { nickname: '原作者さん' });
    const artist = await person(t, 'creator', { nickname: '作画さん' });
    const editor = await person(t, 'editor', { nickname: '編集さん' });
    const projectId = await createTestProject(t, founder, { members: [artist], editor, title: '星の企画' });

    let res: Awaited<ReturnType<typeof add>> | undefined;
    const live = await liveDuring([founder, artist, editor], async () => {
      res = await add(artist, projectId, '  下書きを上げました\n確認お願いします  ');
    });
    expect(res).toMatchObject({ http: 200, body: { status: 200, info: ja.posted } });
    for (const p of [founder, artist, editor]) {
      expect(live.get(p.id)).toContainEqual({ event: LiveEvent.BOARD, data: { projectId } });
    }
    expect(live.get(artist.id)).not.toContainEqual({ event: LiveEvent.NOTICE });
    expect(live.get(founder.id)).toContainEqual({ event: LiveEvent.NOTICE });

    const text = '「星の企画」の伝言板に作画さんさんが投稿しました';
    expect((await notices(founder))[0]?.message).toBe(text);
    expect((await notices(editor))[0]?.message).toBe(text);
    expect(await notices(artist)).toEqual([]);

    const page = await list(editor, { projectId, page: 1, pageSize: 20 });
    expect(page).toMatchObject({ http: 200, body: { status: 200, data: { total: 1 } } });
    expect(page.body.data.list).toEqual([
      {
        id: expect.any(Number),
        from_uid: artist.id,
        from_nickname: '作画さん',
        pic: '',
        content: '下書きを上げました\n確認お願いします',
        create_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.+Z$/),
      },
    ]);
  });

  it('shows the newest page oldest first and pages to older posts with `before`', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createTestProject(t, founder);
    for (let i = 1; i <= 25; i += 1) expect((await add(founder, projectId, `post ${i}`)).http).toBe(200);
    const contents = (res: Awaited<ReturnType<typeof list>>) =>
      (res.body.data.list as { content: string }[]).map((p) => p.content);
    const numbers = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `post ${from + i}`);

    const newest = await list(founder, { projectId, page: 1 });
    expect(newest.body.data.total).toBe(25);
    expect(contents(newest)).toEqual(numbers(6, 25));
    expect(newest.body.data.list).toHaveLength(LIMITS.boardPageSize);

    const oldestShown = newest.body.data.list[0]?.id;
    const older = await list(founder, { projectId, page: 1, pageSize: 20, before: oldestShown });
    expect(contents(older)).toEqual(numbers(1, 5));
    expect(older.body.data.total).toBe(25);
    const none = await list(founder, { projectId, before: older.body.data.list[0]?.id });
    expect(none.body.data.list).toEqual([]);

    expect(contents(await list(founder, { projectId, page: 2 }))).toEqual(numbers(1, 5));
    expect(contents(await list(founder, { projectId, page: 3, pageSize: 10 }))).toEqual(numbers(1, 5));
  });

  it('refuses empty and over-long text, storing nothing', async () => {
    const founder = await person(t, 'creator');
    const member = await person(t, 'creator');
    const projectId = await createTestProject(t, founder, { members: [member] });
    for (const content of ['', '   \n\t ', undefined]) {
      expect(await add(founder, projectId, content)).toMatchObject({
        http: 400,
        body: { status: 400, info: ja.contentRequired },
      });
    }
    const long = await add(founder, projectId, 'あ'.repeat(LIMITS.boardPostMax + 1));
    expect(long).toMatchObject({ http: 400, body: { info: ja.contentTooLong } });
    expect((await add(founder, projectId, 'あ'.repeat(LIMITS.boardPostMax))).http).toBe(200);
    const page = await list(founder, { projectId });
    expect(page.body.data.total).toBe(1);
    expect(await notices(member)).toHaveLength(1);
  });

  it('hides the board from strangers (404) and anonymous callers (50014)', async () => {
    const founder = await person(t, 'creator');
    const stranger = await person(t, 'creator');
    const projectId = await createTestProject(t, founder);
    await add(founder, projectId, '内緒の話');

    for (const res of [await list(stranger, { projectId }), await add(stranger, projectId, 'こんにちは')]) {
      expect(res).toMatchObject({ http: 404, body: { status: 404, info: ja.notFound } });
    }
    expect(await list(stranger, { projectId: 999_999 })).toMatchObject({ http: 404 });
    const anonymous = [
      await callUnchecked(t, contract.board.list, { projectId }),
      await call(t, contract.board.add, { projectId, content: 'こんにちは' }),
    ];
    for (const res of anonymous) expect(res).toMatchObject({ http: 401, body: { status: 50014 } });
    const page = await list(founder, { projectId });
    expect(page.body.data.list.map((p: { content: string }) => p.content)).toEqual(['内緒の話']);
  });
});
