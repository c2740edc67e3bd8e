import { MESSAGES } from '@koma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/accounts-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const wanted = async (p: Person) =>
  (await post(t, '/api/friends/getWantedFriends', {}, p.token)).body.data.list;
const friendsOf = async (p: Person, body: object = {}) =>
  (await post(t, '/api/friends/search', body, p.token)).body.data;

async function befriend(a: Person, b: Person) {
  await post(t, '/api/friends/applyFriend', { toUid: b.id, message: '' }, a.token);
  const [req] = await wanted(b);
  await post(t, '/api/friends/dealFriend', { msgId: req.msgId, state: 1, message: '' }, b.token);
}

describe('friends', () => {
  it('goes request → accepted → listed on both sides, with a notice to the requester', async () => {
    const a = await person(t, 'creator', { nickname: '友達A' });
    const b = await person(t, 'editor', { nickname: '友達B' });
    const sent = await post(t, '/api/friends/applyFriend', { toUid: b.id, message: 'はじめまして' }, a.token);
    expect(sent).toMatchObject({ http: 200, body: { info: ja.friendRequestSent } });
    const requests = await wanted(b);
    expect(requests).toEqual([
      expect.objectContaining({ userId: a.id, userName: '友達A', message: 'はじめまして' }),
    ]);
    const dealt = await post(
      t,
      '/api/friends/dealFriend',
      { msgId: requests[0].msgId, state: 1, message: '' },
      b.token,
    );
    expect(dealt).toMatchObject({ http: 200, body: { info: ja.friendAgreed } });
    expect((await friendsOf(a)).list).toEqual([expect.objectContaining({ id: b.id, nickname: '友達B' })]);
    expect((await friendsOf(b)).list).toEqual([expect.objectContaining({ id: a.id, nickname: '友達A' })]);
    expect(await wanted(b)).toEqual([]);
    const notices = await post(t, '/api/notice/getList', {}, a.token);
    expect(notices.body.data.notices[0].message).toBe('友達Bさんが友達申請を承認しました');
    const profile = await get(t, `/api/cartoonser/cartoonserDetail?uid=${b.id}`, a.token);
    expect(profile.body.data.friend.status).toBe(2);
  });

  it('refuses a second request in either direction while one is pending or once friends', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator');
    await post(t, '/api/friends/applyFriend', { toUid: b.id }, a.token);
    expect((await post(t, '/api/friends/applyFriend', { toUid: b.id }, a.token)).body).toMatchObject({
      status: 409,
      info: ja.friendExists,
    });
    expect((await post(t, '/api/friends/applyFriend', { toUid: a.id }, b.token)).http).toBe(409);
    const [req] = await wanted(b);
    await post(t, '/api/friends/dealFriend', { msgId: req.msgId, state: 1 }, b.token);
    expect((await post(t, '/api/friends/applyFriend', { toUid: a.id }, b.token)).http).toBe(409);
  });

  it('answers a repeated reply with 409 and a stranger with 404', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator');
    const c = await person(t, 'creator');
    await post(t, '/api/friends/applyFriend', { toUid: b.id }, a.token);
    const [req] = await wanted(b);
    expect((await post(t, '/api/friends/dealFriend', { msgId: req.msgId, state: 1 }, c.token)).http).toBe(
      404,
    );
    expect((await post(t, '/api/friends/dealFriend', { msgId: req.msgId, state: 2 }, b.token)).http).toBe(
      200,
    );
    expect((await post(t, '/api/friends/dealFriend', { msgId: req.msgId, state: 1 }, b.token)).http).toBe(
      409,
    );
    expect((await friendsOf(a)).total).toBe(0);
    // A refused request can be followed by a new one.
    expect((await post(t, '/api/friends/applyFriend', { toUid: b.id }, a.token)).http).toBe(200);
  });

  it('unfriends both ways, and a second unfriend is 404', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'editor');
    await befriend(a, b);
    const removed = await post(t, '/api/friends/delFriend', { friendId: b.id }, a.token);
    expect(removed).toMatchObject({ http: 200, body: { info: ja.friendRemoved } });
    expect((await friendsOf(a)).total).toBe(0);
    expect((await friendsOf(b)).total).toBe(0);
    expect((await post(t, '/api/friends/delFriend', { friendId: b.id }, a.token)).http).toBe(404);
  });

  it('filters the list by role and keyword, 30 per page', async () => {
    const me = await person(t, 'creator');
    const editor = await person(t, 'editor', { nickname: '役割 編集者' });
    const assistant = await person(t, 'creator', { nickname: '役割 アシ', positions: [6] });
    await befriend(me, editor);
    await befriend(me, assistant);
    expect((await friendsOf(me, { role: 2 })).list.map((f: any) => f.id)).toEqual([editor.id]);
    expect((await friendsOf(me, { role: 5 })).list.map((f: any) => f.id)).toEqual([assistant.id]);
    expect((await friendsOf(me, { keywords: 'アシ' })).list.map((f: any) => f.id)).toEqual([assistant.id]);
    expect((await friendsOf(me, { keywords: '%' })).total).toBe(0);
    expect((await friendsOf(me)).total).toBe(2);
  });
});

describe('notices', () => {
  it('counts unread ones and marks them read', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator');
    await befriend(a, b);
    const before = await post(t, '/api/notice/getList', {}, a.token);
    expect(before.body.data.unread).toBe(1);
    expect((await post(t, '/api/notice/read', {}, a.token)).http).toBe(200);
    const after = await post(t, '/api/notice/getList', {}, a.token);
    expect(after.body.data).toMatchObject({ unread: 0, total: 1 });
    expect(after.body.data.notices[0].is_unread).toBe(false);
  });

  it('renders notices in the reader’s language', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator', { nickname: 'Bob' });
    await befriend(a, b);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notice/getList',
      payload: {},
      headers: { token: a.token },
      cookies: { koma_lang: 'en' },
    });
    expect(res.json().data.notices[0].message).toBe('Bob accepted your friend request');
  });

  it('pushes a live event to the open page of the person concerned', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'editor');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notice/stream`, {
      headers: { cookie: `koma_token=${b.token}` },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    if (!res.body) throw new Error('no stream body');
    const reader = res.body.getReader();
    await reader.read(); // the retry line: the stream is open and subscribed
    await post(t, '/api/friends/applyPairing', { toUid: b.id }, a.token);
    let received = '';
    while (!received.includes('event: notice')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(received).toContain('event: notice');
  });

  it('refuses the live stream without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notice/stream' });
    expect(res.json()).toMatchObject({ status: 50014 });
  });
});
