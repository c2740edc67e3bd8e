import { LIMITS, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { users } from '../accounts/accounts.table.js';

/**
 * Inviting the editor in charge (issue 40 #14, docs/access.md "Inviting the editor in charge"):
 * the founder finds any editor by name or address, and may say a few words of her own.
 */
const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const search = (founder: Person, proId: number, keyword: string) =>
  callUnchecked(t, contract.projects.editors, { proId, keyword }, founder.token);
const found = async (founder: Person, proId: number, keyword: string) =>
  ((await search(founder, proId, keyword)).body.data.list as { uid: number }[]).map((c) => c.uid);
const invite = (founder: Person, projectid: number, userid: number, message?: unknown) =>
  callUnchecked(t, contract.projects.invite, { projectid, userid, message }, founder.token);
const emailOf = async (p: Person) =>
  (await t.app.deps.db.select({ email: users.email }).from(users).where(eq(users.id, p.id)))[0]?.email ?? '';

describe('finding the editor to invite', () => {
  it('finds editors by part of their name and by their whole address, never creators nor by part of an address', async () => {
    const founder = await person(t, 'creator');
    const tag = `${Date.now() % 100000}`;
    const editor = await person(t, 'editor', { nickname: `探し${tag}編集` });
    const creator = await person(t, 'creator', { nickname: `探し${tag}作家` });
    const projectId = await createProject(t, founder);

    expect(await found(founder, projectId, '')).toEqual([]);
    expect(await found(founder, projectId, `探し${tag}`)).toEqual([editor.id]);
    const address = await emailOf(editor);
    expect(await found(founder, projectId, address.toUpperCase())).toEqual([editor.id]);
    expect(await found(founder, projectId, address.slice(0, 6))).toEqual([]);
    expect(await found(founder, projectId, `探し${tag}作家`)).not.toContain(creator.id);
    const reply = (await search(founder, projectId, address)).body.data.list;
    expect(JSON.stringify(reply)).not.toContain(address);
  });

  it('lets only the founder search (anyone else outside the project: 404)', async () => {
    const founder = await person(t, 'creator');
    const editor = await person(t, 'editor');
    const stranger = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    expect((await search(editor, projectId, 'a')).http).toBe(404);
    expect((await search(stranger, projectId, 'a')).http).toBe(404);
  });
});

describe('the invitation', () => {
  it("reaches an editor found by search, the founder's message in the notice, as plain text", async () => {
    const founder = await person(t, 'creator', { nickname: '誘う原作者' });
    const editor = await person(t, 'editor');
    const projectId = await createProject(t, founder, { title: '星の窓' });
    const message = '  <b>はじめまして</b>。\n月刊誌での連載をご相談したいです  ';
    expect(await invite(founder, projectId, editor.id, message)).toMatchObject({ http: 200 });
    const [notice] = (await call(t, contract.notices.list, {}, editor.token)).body.data.notices;
    expect(notice?.message).toBe(
      '誘う原作者さんから「星の窓」の担当編集者に招待されました：「<b>はじめまして</b>。\n月刊誌での連載をご相談したいです」',
    );
    // Where she answers (the to-do's card), the same words as written, markup and all.
    const items = await call(t, contract.dashboard.todoList, { type: 11 }, editor.token);
    expect(items.body.data.list[0]).toMatchObject({
      projectid: projectId,
      invitation_message: '<b>はじめまして</b>。\n月刊誌での連載をご相談したいです',
    });
  });

  it('reads as before without a message', async () => {
    const founder = await person(t, 'creator', { nickname: '静かな原作者' });
    const editor = await person(t, 'editor');
    const projectId = await createProject(t, founder, { title: '雨の街' });
    expect((await invite(founder, projectId, editor.id)).http).toBe(200);
    const [notice] = (await call(t, contract.notices.list, {}, editor.token)).body.data.notices;
    expect(notice?.message).toBe('静かな原作者さんから「雨の街」の担当編集者に招待されました');
    const items = await call(t, contract.dashboard.todoList, { type: 11 }, editor.token);
    expect(items.body.data.list[0]?.invitation_message).toBe('');
  });

  it('keeps the words of the invitation that stands: inviting again replaces them', async () => {
    const founder = await person(t, 'creator');
    const [first, second] = [await person(t, 'editor'), await person(t, 'editor')];
    const projectId = await createProject(t, founder);
    expect((await invite(founder, projectId, first.id, '最初の方へ')).http).toBe(200);
    expect((await invite(founder, projectId, second.id, '二人目の方へ')).http).toBe(200);
    expect((await call(t, contract.dashboard.todoList, { type: 11 }, first.token)).body.data.list).toEqual(
      [],
    );
    const items = await call(t, contract.dashboard.todoList, { type: 11 }, second.token);
    expect(items.body.data.list.map((i) => i.invitation_message)).toEqual(['二人目の方へ']);
  });

  it('refuses an over-long message and a creator, inviting nobody', async () => {
    const founder = await person(t, 'creator');
    const editor = await person(t, 'editor');
    const creator = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    const long = await invite(founder, projectId, editor.id, 'あ'.repeat(LIMITS.invitationMessageMax + 1));
    expect(long).toMatchObject({ http: 400, body: { info: ja.invitationMessageTooLong } });
    const notEditor = await invite(founder, projectId, creator.id, 'よろしく');
    expect(notEditor).toMatchObject({ http: 400, body: { info: ja.invitationNotCandidate } });
    expect((await call(t, contract.notices.list, {}, editor.token)).body.data.notices).toEqual([]);
    expect((await call(t, contract.dashboard.todoList, { type: 11 }, editor.token)).body.data.list).toEqual(
      [],
    );
    const fits = await invite(founder, projectId, editor.id, 'あ'.repeat(LIMITS.invitationMessageMax));
    expect(fits.http).toBe(200);
  });
});
