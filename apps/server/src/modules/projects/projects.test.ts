import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person, profileOf } from '../../test/people-fixtures.js';
import {
  assignEditor,
  cover,
  createProject,
  join,
  projectBody,
  recruit,
} from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('creating and editing projects', () => {
  it('saves a project and shows it to its founder, with the summary as plain text', async () => {
    const founder = await person(t, 'creator', { nickname: '原作 花子' });
    const projectId = await createProject(t, founder, { title: '月の庭', content: '一行目\n<b>二行目</b>' });
    const detail = await call(t, contract.projects.detail, { proId: projectId }, founder.token);
    expect(detail.body.data).toMatchObject({
      proId: projectId,
      title: '月の庭',
      kind: 1,
      type: 1,
      typeb: [5, 6],
      creativecap: [1],
      content: '一行目\n<b>二行目</b>',
      userid: founder.id,
      nick: '原作 花子',
      isFounder: true,
      isMember: true,
    });
    expect(detail.body.data.users).toEqual([
      expect.objectContaining({ userId: founder.id, kind: 1, role: '原作者', parts: [] }),
    ]);
    // The founder's part is named in the reader's language, as positions are.
    const inEnglish = await callUnchecked(t, contract.projects.detail, { proId: projectId }, founder.token, {
      cookie: 'koma_lang=en',
    });
    expect(inEnglish.body.data.users[0]).toMatchObject({ role: 'Original author' });
    // The cover is shown from its renditions: thumbnail and preview links, never the original.
    await t.settleJobs();
    const shown = (await call(t, contract.projects.detail, { proId: projectId }, founder.token)).body.data;
    expect(shown.renditions).toMatchObject({ status: 'ready' });
    expect(shown.renditions?.thumb).toMatch(/^\/api\/renditions\/.+\/thumb\.webp$/);
    expect(shown.renditions?.preview).toMatch(/^\/api\/renditions\/.+\/preview\.webp$/);
    expect(shown.icon).toMatch(/^\/api\/files\//);
    const mine = await call(t, contract.projects.mine, { type: 1, keyword: '' }, founder.token);
    expect(mine.body.data.goon.map((p) => p.proId)).toEqual([projectId]);
    expect(mine.body.data.over).toEqual([]);
  });

  it.each([
    ['no cover', { icon: '' }, ja.coverRequired],
    ['no title', { title: '  ' }, ja.titleRequired],
    ['no manga type', { kind: undefined }, ja.mangaTypeRequired],
    ['no production kind', { type: 3 as never }, ja.productionKindRequired],
    ['no creation/essay', { creativecap: [] }, ja.projectCreativecapRequired],
    ['no genre', { typeb: [] }, ja.genreRequired],
    ['no summary', { content: '' }, ja.summaryRequired],
  ])('refuses %s with the spec message, in the spec order', async (_, change, info) => {
    const founder = await person(t, 'creator');
    const body = { ...(await projectBody(t, founder)), ...change };
    const res = await callUnchecked(t, contract.projects.save, body, founder.token);
    expect(res).toMatchObject({ http: 400, body: { info } });
    expect((await call(t, contract.projects.mine, { type: 1 }, founder.token)).body.data.goon).toEqual([]);
  });

  it('lets only the founder edit, and refuses another user’s cover', async () => {
    const founder = await person(t, 'creator');
    const other = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    const edit = { ...(await projectBody(t, founder)), projectId, title: '新しい題' };
    expect((await call(t, contract.projects.save, edit, founder.token)).http).toBe(200);
    expect(
      (await call(t, contract.projects.detail, { proId: projectId }, founder.token)).body.data.title,
    ).toBe('新しい題');
    const hijack = { ...edit, icon: await cover(t, other), title: '乗っ取り' };
    expect((await call(t, contract.projects.save, hijack, other.token)).http).toBe(403);
    const stolenCover = { ...(await projectBody(t, other)), icon: edit.icon };
    expect((await call(t, contract.projects.save, stolenCover, other.token)).body.info).toBe(
      ja.uploadPathInvalid,
    );
    expect(
      (await call(t, contract.projects.detail, { proId: projectId }, other.token)).body.data,
    ).toMatchObject({
      title: '新しい題',
      isMember: false,
      isFounder: false,
    });
  });

  it('moves a completed project to the completed list, once', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder, { title: '完成させる作品' });
    expect((await call(t, contract.projects.complete, { projectId }, founder.token)).http).toBe(200);
    const list = await call(t, contract.projects.mine, { type: 1, keyword: '完成' }, founder.token);
    expect(list.body.data).toMatchObject({
      goon: [],
      over: [expect.objectContaining({ proId: projectId, status: 2 })],
    });
    expect((await call(t, contract.projects.complete, { projectId }, founder.token)).http).toBe(409);
  });

  it('lists joined projects for members, with what is being recruited', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder, { title: '参加テスト' });
    await recruit(t, founder, projectId, [2, 4]);
    await join(t, founder, artist, projectId, 2);
    const joined = await call(t, contract.projects.mine, { type: 2 }, artist.token);
    // メイン作画 (one wanted) is filled by the artist: only キャラクターデザイン is still recruited.
    expect(joined.body.data.goon).toEqual([
      expect.objectContaining({
        proId: projectId,
        recruit_pos: [{ posid: 4, position: 'キャラクターデザイン' }],
      }),
    ]);
    const detail = await call(t, contract.projects.detail, { proId: projectId }, founder.token);
    expect(detail.body.data.users).toContainEqual(
      expect.objectContaining({ userId: artist.id, kind: 2, role: 'メイン作画', positions: [2] }),
    );
  });
});

describe('the project detail tab', () => {
  async function befriend(a: Person, b: Person) {
    await call(t, contract.friends.apply, { toUid: b.id, message: '' }, a.token);
    const [request] = (await call(t, contract.friends.requests, undefined, b.token)).body.data.list;
    await call(t, contract.friends.deal, { msgId: request?.msgId as number, state: 1, message: '' }, b.token);
  }
  const detailOf = async (projectId: number, viewer: Person) =>
    (await call(t, contract.projects.detail, { proId: projectId }, viewer.token)).body.data;
  const friendFlags = (data: { users: { userId: number; isFriend: boolean }[] }) =>
    Object.fromEntries(data.users.map((u) => [u.userId, u.isFriend]));

  it("marks each member as the viewer's friend or not, whoever looks", async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const viewer = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    await recruit(t, founder, projectId, [2]);
    await join(t, founder, artist, projectId, 2);
    await befriend(viewer, artist);
    expect(friendFlags(await detailOf(projectId, viewer))).toEqual({
      [founder.id]: false,
      [artist.id]: true,
    });
    expect(friendFlags(await detailOf(projectId, founder))).toEqual({
      [founder.id]: false,
      [artist.id]: false,
    });
    expect(friendFlags(await detailOf(projectId, artist))).toEqual({
      [founder.id]: false,
      [artist.id]: false,
    });
    // Ending or making a friendship shows on the very next read.
    const ended = await call(t, contract.friends.remove, { friendId: artist.id }, viewer.token);
    expect(ended.http).toBe(200);
    expect(friendFlags(await detailOf(projectId, viewer))[artist.id]).toBe(false);
    await befriend(artist, founder);
    expect(friendFlags(await detailOf(projectId, founder))[artist.id]).toBe(true);
  });

  it('shows an edit, a new member and a new nickname on the very next read', async () => {
    const founder = await person(t, 'creator');
    const artist = await person(t, 'creator');
    const projectId = await createProject(t, founder, { title: '前の題' });
    await recruit(t, founder, projectId, [2]);
    expect((await detailOf(projectId, artist)).title).toBe('前の題');
    const edit = { ...(await projectBody(t, founder)), projectId, title: '次の題' };
    expect((await call(t, contract.projects.save, edit, founder.token)).http).toBe(200);
    expect((await detailOf(projectId, artist)).title).toBe('次の題');
    await join(t, founder, artist, projectId, 2);
    const joined = await detailOf(projectId, artist);
    expect(joined.isMember).toBe(true);
    expect(joined.users.map((u) => u.userId)).toEqual([founder.id, artist.id]);
    const renamed = profileOf('creator', '改名した作画', { positions: [2] });
    expect((await call(t, contract.profiles.save, renamed, artist.token)).http).toBe(200);
    expect((await detailOf(projectId, founder)).users[1]).toMatchObject({
      userId: artist.id,
      userName: '改名した作画',
    });
  });
});

describe('the editor in charge', () => {
  it('is invited from the paired editors listed, sees the to-do, accepts and becomes a member', async () => {
    const founder = await person(t, 'creator', { nickname: '招待する原作者' });
    const editor = await person(t, 'editor', { nickname: '招かれる編集者' });
    const stranger = await person(t, 'editor');
    const projectId = await createProject(t, founder, { title: '招待の作品' });
    expect(
      (await call(t, contract.projects.editors, { proId: projectId }, founder.token)).body.data.list,
    ).toEqual([]);
    // Only an editor account can be invited (any editor, found by search: editor-invitation.test.ts).
    const creator = await person(t, 'creator');
    const refused = await call(
      t,
      contract.projects.invite,
      { projectid: projectId, userid: creator.id },
      founder.token,
    );
    expect(refused).toMatchObject({ http: 400, body: { info: ja.invitationNotCandidate } });

    await call(t, contract.matching.apply, { toUid: editor.id }, founder.token);
    const msgId = (await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs[0]
      ?.msgId as number;
    await call(t, contract.matching.deal, { msgId, state: 1 }, editor.token);
    const candidates = await call(t, contract.projects.editors, { proId: projectId }, founder.token);
    expect(candidates.body.data.list).toEqual([
      expect.objectContaining({ uid: editor.id, nick: '招かれる編集者' }),
    ]);
    expect(
      (await call(t, contract.projects.invite, { projectid: projectId, userid: editor.id }, founder.token))
        .http,
    ).toBe(200);

    const todo = await call(t, contract.dashboard.todoCounts, undefined, editor.token);
    expect(todo.body.data.list).toContainEqual({ type: 11, type_desc: '担当編集者への招待', cnt: 1 });
    const items = await call(t, contract.dashboard.todoList, { type: 11 }, editor.token);
    expect(items.body.data.list[0]).toMatchObject({ project_title: '招待の作品', projectid: projectId });
    expect((await call(t, contract.notices.list, {}, editor.token)).body.data.notices[0]?.message).toContain(
      '招待の作品',
    );

    // The stranger was never invited; the editor answers once.
    expect(
      (await call(t, contract.projects.answer, { projectId, checkStatus: 1 }, stranger.token)).http,
    ).toBe(404);
    expect((await call(t, contract.projects.answer, { projectId, checkStatus: 1 }, editor.token)).http).toBe(
      200,
    );
    expect((await call(t, contract.projects.answer, { projectId, checkStatus: 2 }, editor.token)).http).toBe(
      409,
    );
    const detail = await call(t, contract.projects.detail, { proId: projectId }, editor.token);
    expect(detail.body.data).toMatchObject({
      editor: { uid: editor.id, nick: '招かれる編集者' },
      isMember: true,
    });
    expect(
      (await call(t, contract.dashboard.todoCounts, undefined, editor.token)).body.data.list,
    ).toContainEqual(expect.objectContaining({ type: 11, cnt: 0 }));
    expect((await call(t, contract.notices.list, {}, founder.token)).body.data.notices[0]?.message).toContain(
      '担当編集者になりました',
    );
    expect(
      (await call(t, contract.projects.invite, { projectid: projectId, userid: editor.id }, founder.token))
        .http,
    ).toBe(409);
  });

  it('lets only the founder invite', async () => {
    const founder = await person(t, 'creator');
    const editor = await person(t, 'editor');
    const projectId = await createProject(t, founder);
    await assignEditor(t, founder, editor, projectId);
    expect((await call(t, contract.projects.editors, { proId: projectId }, editor.token)).http).toBe(403);
  });
});

describe('the proposal file', () => {
  it('is downloadable through a signed link from the detail, and not by its bare path', async () => {
    const founder = await person(t, 'creator');
    const { form, upload } = await import('../../test/upload-test-helpers.js');
    const pdf = Buffer.from('%PDF-1.4\n企画書\n%%EOF');
    const up = await upload(t, form(4, '企画書.pdf', pdf), founder.token);
    const projectId = await createProject(t, founder, {
      proposals: up.body.data.path,
      proposalfile: '企画書.pdf',
    });
    const detail = await call(t, contract.projects.detail, { proId: projectId }, founder.token);
    expect(detail.body.data.proposalfile).toBe('企画書.pdf');
    const signed = await t.app.inject({ method: 'GET', url: detail.body.data.proposalUrl });
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(pdf)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: up.body.data.path })).statusCode).toBe(404);
  });

  /** A project of a new founder with a proposal; `recruiting` starts a project recruitment. */
  async function withProposal(recruiting: boolean) {
    const founder = await person(t, 'creator');
    const { form, upload } = await import('../../test/upload-test-helpers.js');
    const up = await upload(t, form(4, '企画書.pdf', Buffer.from('%PDF-1.4\n%%EOF')), founder.token);
    const projectId = await createProject(t, founder, {
      proposals: up.body.data.path,
      proposalfile: '企画書.pdf',
    });
    if (recruiting) await recruit(t, founder, projectId, [3]);
    return { founder, projectId };
  }
  const proposalSeenBy = async (who: Person, projectId: number) => {
    const detail = await call(t, contract.projects.detail, { proId: projectId }, who.token);
    expect(detail.http).toBe(200);
    const { proposals, proposalfile, proposalUrl } = detail.body.data;
    return { proposals, proposalfile, proposalUrl };
  };
  const hidden = { proposals: '', proposalfile: '', proposalUrl: '' };

  it('is hidden from a stranger while the project recruits nobody, and shown while it recruits', async () => {
    const { founder, projectId } = await withProposal(false);
    const stranger = await person(t, 'creator');
    expect(await proposalSeenBy(stranger, projectId)).toEqual(hidden);
    expect((await proposalSeenBy(founder, projectId)).proposalUrl).toMatch(/sig=/);

    await recruit(t, founder, projectId, [3]);
    const seen = await proposalSeenBy(stranger, projectId);
    expect(seen.proposalfile).toBe('企画書.pdf');
    expect((await t.app.inject({ method: 'GET', url: seen.proposalUrl })).statusCode).toBe(200);
  });

  it('stays readable by an applicant after the recruitment ends, and by an invited editor', async () => {
    const { founder, projectId } = await withProposal(true);
    const applicant = await person(t, 'creator');
    const bystander = await person(t, 'creator');
    await call(t, contract.recruitment.apply, { kind: 1, projectId, posId: 3, message: '' }, applicant.token);
    const ended = await call(t, contract.recruitment.cancel, { kind: 1, projectId }, founder.token);
    expect(ended.http).toBe(200);
    expect(await proposalSeenBy(bystander, projectId)).toEqual(hidden);
    expect((await proposalSeenBy(applicant, projectId)).proposalUrl).toMatch(/sig=/);

    const editor = await person(t, 'editor');
    await call(t, contract.matching.apply, { toUid: editor.id, message: '' }, founder.token);
    const pairs = (await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs;
    await call(
      t,
      contract.matching.deal,
      { msgId: pairs[0]?.msgId as number, state: 1, message: '' },
      editor.token,
    );
    expect(await proposalSeenBy(editor, projectId)).toEqual(hidden);
    const invited = await call(
      t,
      contract.projects.invite,
      { projectid: projectId, userid: editor.id },
      founder.token,
    );
    expect(invited.http).toBe(200);
    expect((await proposalSeenBy(editor, projectId)).proposalUrl).toMatch(/sig=/);
  });

  it('is readable by a person invited to the team while the invitation waits', async () => {
    const { founder, projectId } = await withProposal(false);
    const invitee = await person(t, 'creator');
    const part = { posId: 7, chapterId: null };
    const sent = await call(
      t,
      contract.invitations.invite,
      { projectId, userId: invitee.id, part },
      founder.token,
    );
    expect(sent.http).toBe(200);
    expect((await proposalSeenBy(invitee, projectId)).proposalUrl).toMatch(/sig=/);
    const [offer] = (await call(t, contract.invitations.mine, undefined, invitee.token)).body.data.list;
    await call(
      t,
      contract.invitations.answer,
      { invitationId: offer?.id as number, accept: false },
      invitee.token,
    );
    expect(await proposalSeenBy(invitee, projectId)).toEqual(hidden);
  });

  it('is never shown to a stranger once the project is completed, and always to its members', async () => {
    const { founder, projectId } = await withProposal(true);
    const member = await person(t, 'creator');
    await join(t, founder, member, projectId, 3);
    const stranger = await person(t, 'creator');
    expect((await call(t, contract.projects.complete, { projectId }, founder.token)).http).toBe(200);
    expect(await proposalSeenBy(stranger, projectId)).toEqual(hidden);
    expect((await proposalSeenBy(member, projectId)).proposalUrl).toMatch(/sig=/);
    expect((await proposalSeenBy(founder, projectId)).proposalfile).toBe('企画書.pdf');
  });
});
