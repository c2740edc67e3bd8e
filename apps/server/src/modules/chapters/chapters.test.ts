import { AuditStatus, MESSAGES } from '@koma/shared';
import { type ApiInput, contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { draftPages, productionTeam } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { cover, createProject, dayFromToday, join, recruit, today } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { chapters } from './chapters.table.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function chapterBody(founder: Person, projectId: number, overrides: object = {}) {
  return {
    projectId,
    title: '第1話 はじまり',
    page: '24',
    icon: await cover(t, founder),
    scriptAt: dayFromToday(7),
    checkAt: dayFromToday(30),
    ...overrides,
  };
}

async function addChapter(founder: Person, projectId: number, overrides: object = {}): Promise<number> {
  const res = await call(
    t,
    contract.chapters.add,
    await chapterBody(founder, projectId, overrides),
    founder.token,
  );
  if (res.http !== 200) throw new Error(res.body.info);
  return res.body.data.chapterId;
}

describe('chapters', () => {
  it('are added by the founder and listed to members in order, with their status', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    await recruit(t, founder, projectId, [2]);
    await join(t, founder, artist, projectId, 2);
    const first = await addChapter(founder, projectId);
    const second = await addChapter(founder, projectId, { title: '第2話', page: 20 });
    const list = await call(t, contract.chapters.list, { projectId }, artist.token);
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        id: first,
        num: 1,
        title: '第1話 はじまり',
        page: 24,
        status: 1,
        status_desc: 'ネーム作成中',
        main_paiter_uids: [artist.id],
      }),
      expect.objectContaining({ id: second, num: 2, title: '第2話', page: 20 }),
    ]);
    const stranger = await person(t, 'creator');
    expect((await call(t, contract.chapters.list, { projectId }, stranger.token)).http).toBe(404);
    expect(
      (await call(t, contract.chapters.add, await chapterBody(founder, projectId), artist.token)).http,
    ).toBe(403);
  });

  it.each([
    ['no title', { title: '' }, ja.allRequired],
    ['no page count', { page: '' }, ja.allRequired],
    ['a page count with letters', { page: '２４' }, ja.pageCountInvalid],
    ['no header image', { icon: '' }, ja.allRequired],
    ['no script deadline', { scriptAt: '' }, ja.allRequired],
    ['a deadline before yesterday', { checkAt: dayFromToday(-2) }, ja.chapterDatesInvalid],
  ])('refuses %s', async (_, change, info) => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    const res = await call(
      t,
      contract.chapters.add,
      await chapterBody(founder, projectId, change),
      founder.token,
    );
    expect(res).toMatchObject({ http: 400, body: { info } });
    expect((await call(t, contract.chapters.list, { projectId }, founder.token)).body.data.list).toEqual([]);
  });
});

describe('chapter-level recruitment (案件)', () => {
  it('recruits assistants for one chapter, found in the chapter search and on their dashboard', async () => {
    const founder = await person(t, 'creator');
    const assistant = await person(t, 'creator', { positions: [6, 9], typebigs: [5] });
    const projectId = await createProject(t, founder, { title: '案件の作品', typeb: [5] });
    const chapterId = await addChapter(founder, projectId, { title: '第3話 背景多め' });
    const otherProject = await createProject(t, founder);
    const foreignChapter = await addChapter(founder, otherProject);

    const base: ApiInput<'recruitment', 'add'> = {
      kind: 2,
      projectId,
      stime: today(),
      etime: dayFromToday(10),
      positions: [{ position_id: 6, num: 2 }],
    };
    expect(
      (await call(t, contract.recruitment.add, { ...base, chapterId: foreignChapter }, founder.token)).body
        .info,
    ).toBe(ja.recruitChapterRequired);
    expect((await call(t, contract.recruitment.add, { ...base, chapterId }, founder.token)).http).toBe(200);

    const found = await call(t, contract.chapters.search, { keywords: '背景多め' }, assistant.token);
    expect(found.body.data.list).toEqual([
      expect.objectContaining({
        project_id: projectId,
        chapter_id: chapterId,
        chapter_title: '第3話 背景多め',
        recruit_pos: [{ posid: 6, position: '背景アシスタント' }],
      }),
    ]);
    const home = await call(t, contract.dashboard.home, undefined, assistant.token);
    expect(home.body.data.chapter).toContainEqual(
      expect.objectContaining({ proId: projectId, chaId: chapterId }),
    );

    expect(
      (
        await call(
          t,
          contract.recruitment.apply,
          { kind: 2, projectId, chapterId, posId: 6 },
          assistant.token,
        )
      ).http,
    ).toBe(200);
    const accepted = await call(
      t,
      contract.recruitment.accept,
      { projectId, kind: 2, chapterId, posId: 6, userId: assistant.id },
      founder.token,
    );
    expect(accepted.http).toBe(200);
    const detail = await call(
      t,
      contract.recruitment.detail,
      { projectId, kind: 2, chapterId },
      founder.token,
    );
    expect(detail.body.data.detail).toMatchObject({
      chapterId,
      details: [expect.objectContaining({ position_id: 6, donenum: 1 })],
    });
    expect((await call(t, contract.chapters.list, { projectId }, assistant.token)).http).toBe(200);
    expect(
      (await call(t, contract.recruitment.cancel, { kind: 2, projectId }, founder.token)).body.info,
    ).toBe(ja.recruitEndChapterRequired);
  });
});

describe('chapter details and updates', () => {
  it('come with empty draft pages, and show members the project, editor and what they are', async () => {
    const team = await productionTeam(t);
    const { projectId, founder, editor, artist, assistant, stranger } = team;
    const chapterId = await addChapter(founder, projectId, { page: '4' });
    const pages = await draftPages(t, founder, projectId, chapterId);
    expect(pages.map((p) => [p.num, p.status])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    const details = await call(t, contract.chapters.detail, { projectId, chapterId }, artist.token);
    expect(details).toMatchObject({ http: 200 });
    expect(details.body.data).toEqual({
      id: chapterId,
      projectId,
      project_title: '月の庭',
      project_kind: 1,
      title: '第1話 はじまり',
      icon: expect.stringMatching(/^\/api\/files\/3\//),
      status: 1,
      status_desc: 'ネーム作成中',
      page: 4,
      scriptAt: dayFromToday(7),
      checkAt: dayFromToday(30),
      audit_status: null,
      audit_remark: '',
      name_remark: '',
      editor: { id: editor.id, nickname: editor.nickname },
      viewer: {
        is_founder: false,
        is_editor: false,
        is_editorial: false,
        is_editorial_desk: false,
        is_main_artist: true,
        editorial_thread: false,
      },
    });
    const viewerOf = async (token: string) =>
      (await call(t, contract.chapters.detail, { projectId, chapterId }, token)).body.data.viewer;
    expect(await viewerOf(founder.token)).toEqual({
      is_founder: true,
      is_editor: false,
      is_editorial: true,
      is_editorial_desk: false,
      is_main_artist: false,
      editorial_thread: true,
    });
    expect(await viewerOf(editor.token)).toEqual({
      is_founder: false,
      is_editor: true,
      is_editorial: true,
      is_editorial_desk: true,
      is_main_artist: false,
      editorial_thread: true,
    });
    expect(await viewerOf(assistant.token)).toEqual({
      is_founder: false,
      is_editor: false,
      is_editorial: false,
      is_editorial_desk: false,
      is_main_artist: false,
      editorial_thread: false,
    });
    expect((await call(t, contract.chapters.detail, { projectId, chapterId }, stranger.token)).http).toBe(
      404,
    );
    const otherProject = await createProject(t, founder);
    expect(
      (await call(t, contract.chapters.detail, { projectId: otherProject, chapterId }, founder.token)).http,
    ).toBe(404);
  });

  it('are edited by the founder (and the editorial side), with the same rules as a new chapter, until the final audit passes', async () => {
    const team = await productionTeam(t);
    const { projectId, founder, artist, stranger } = team;
    const chapterId = await addChapter(founder, projectId);
    const before = (await call(t, contract.chapters.detail, { projectId, chapterId }, founder.token)).body
      .data;
    const body = {
      projectId,
      chapterId,
      title: '第1話 改題',
      icon: before.icon,
      scriptAt: dayFromToday(10),
      checkAt: dayFromToday(40),
    };
    const details = async () =>
      (await call(t, contract.chapters.detail, { projectId, chapterId }, founder.token)).body.data;
    // The editor in charge edits it too (docs/access.md, "Editorial seats": seats.test.ts); a
    // creator may not.
    for (const [who, http] of [
      [artist, 403],
      [stranger, 404],
    ] as const)
      expect((await call(t, contract.chapters.update, body, who.token)).http).toBe(http);
    expect(await details()).toEqual(before);

    const refusals: [object, number, string][] = [
      [{ title: '' }, 400, ja.allRequired],
      [{ scriptAt: dayFromToday(-2) }, 400, ja.chapterDatesInvalid],
      [{ icon: await cover(t, artist) }, 400, ja.uploadPathInvalid],
      [
        { icon: contract.uploads.file.path.replace('*', '3/2020/01/00000000000000000000000000000000.png') },
        400,
        ja.uploadPathInvalid,
      ],
    ];
    for (const [change, http, info] of refusals)
      expect(
        await callUnchecked(t, contract.chapters.update, { ...body, ...change }, founder.token),
      ).toMatchObject({
        http,
        body: { info },
      });
    expect(await details()).toEqual(before);

    // The page count is not edited here: a sent one is ignored.
    const saved = await callUnchecked(t, contract.chapters.update, { ...body, page: 99 }, founder.token);
    expect(saved).toMatchObject({ http: 200, body: { info: ja.chapterUpdated } });
    expect(await details()).toMatchObject({
      title: '第1話 改題',
      icon: before.icon,
      page: 24,
      scriptAt: dayFromToday(10),
      checkAt: dayFromToday(40),
    });
    const newIcon = await cover(t, founder);
    expect((await call(t, contract.chapters.update, { ...body, icon: newIcon }, founder.token)).http).toBe(
      200,
    );
    expect((await details()).icon).toBe(newIcon);

    await t.app.deps.db
      .update(chapters)
      .set({ auditStatus: AuditStatus.PASSED })
      .where(eq(chapters.id, chapterId));
    const locked = await call(t, contract.chapters.update, { ...body, title: '第1話 最終' }, founder.token);
    expect(locked).toMatchObject({ http: 409, body: { info: ja.chapterLocked } });
    expect((await details()).title).toBe('第1話 改題');
  });
});
