import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { present } from '../../test/present.js';
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
  (await call(t, contract.friends.requests, undefined, p.token)).body.data.list;
const friendsOf = async (p: Person, body: object = {}) =>
  (await call(t, contract.friends.search, body, p.token)).body.data;

async function befriend(a: Person, b: Person) {
  await call(t, contract.friends.apply, { toUid: b.id, message: '' }, a.token);
  const req = present((await wanted(b))[0], 'friend request');
  await call(t, contract.friends.deal, { msgId: req.msgId, state: 1, message: '' }, b.token);
}

describe('friends', () => {
  it('goes request → accepted → listed on both sides, with a notice to the requester', async () => {
    const a = await person(t, 'creator', { nickname: '友達A' });
    const b = await person(t, 'editor', { nickname: '友達B' });
    const sent = await call(t, contract.friends.apply, { toUid: b.id, message: 'はじめまして' }, a.token);
    expect(sent).toMatchObject({ http: 200, body: { info: ja.friendRequestSent } });
    const requests = await wanted(b);
    expect(requests).toEqual([
      expect.objectContaining({ userId: a.id, userName: '友達A', message: 'はじめまして' }),
    ]);
    const dealt = await call(
      t,
      contract.friends.deal,
      { msgId: present(requests[0], 'request').msgId, state: 1, message: '' },
      b.token,
    );
    expect(dealt).toMatchObject({ http: 200, body: { info: ja.friendAgreed } });
    expect((await friendsOf(a)).list).toEqual([expect.objectContaining({ id: b.id, nickname: '友達B' })]);
    expect((await friendsOf(b)).list).toEqual([expect.objectContaining({ id: a.id, nickname: '友達A' })]);
    expect(await wanted(b)).toEqual([]);
    const notices = await call(t, contract.notices.list, {}, a.token);
    expect(notices.body.data.notices[0]?.message).toBe('友達Bさんが友達申請を承認しました');
    const profile = await call(t, contract.profiles.detail, { uid: b.id }, a.token);
    expect(profile.body.data.friend.status).toBe(2);
  });

  it('refuses a second request in either direction while one is pending or once friends', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator');
    await call(t, contract.friends.apply, { toUid: b.id }, a.token);
    expect((await call(t, contract.friends.apply, { toUid: b.id }, a.token)).body).toMatchObject({
      status: 409,
      info: ja.friendExists,
    });
    expect((await call(t, contract.friends.apply, { toUid: a.id }, b.token)).http).toBe(409);
    const req = present((await wanted(b))[0], 'friend request');
    await call(t, contract.friends.deal, { msgId: req.msgId, state: 1 }, b.token);
    expect((await call(t, contract.friends.apply, { toUid: a.id }, b.token)).http).toBe(409);
  });

  it('answers a repeated reply with 409 and a stranger with 404', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator');
    const c = await person(t, 'creator');
    await call(t, contract.friends.apply, { toUid: b.id }, a.token);
    const req = present((await wanted(b))[0], 'friend request');
    expect((await call(t, contract.friends.deal, { msgId: req.msgId, state: 1 }, c.token)).http).toBe(404);
    expect((await call(t, contract.friends.deal, { msgId: req.msgId, state: 2 }, b.token)).http).toBe(200);
    expect((await call(t, contract.friends.deal, { msgId: req.msgId, state: 1 }, b.token)).http).toBe(409);
    expect((await friendsOf(a)).total).toBe(0);
    // A refused request can be followed by a new one.
    expect((await call(t, contract.friends.apply, { toUid: b.id }, a.token)).http).toBe(200);
  });

  it('unfriends both ways, and a second unfriend is 404', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'editor');
    await befriend(a, b);
    const removed = await call(t, contract.friends.remove, { friendId: b.id }, a.token);
    expect(removed).toMatchObject({ http: 200, body: { info: ja.friendRemoved } });
    expect((await friendsOf(a)).total).toBe(0);
    expect((await friendsOf(b)).total).toBe(0);
    expect((await call(t, contract.friends.remove, { friendId: b.id }, a.token)).http).toBe(404);
  });

  it('filters the list by role and keyword, 30 per page', async () => {
    const me = await person(t, 'creator');
    const editor = await person(t, 'editor', { nickname: '役割 編集者' });
    const assistant = await person(t, 'creator', { nickname: '役割 アシ', positions: [6] });
    await befriend(me, editor);
    await befriend(me, assistant);
    expect((await friendsOf(me, { role: 2 })).list.map((f) => f.id)).toEqual([editor.id]);
    expect((await friendsOf(me, { role: 5 })).list.map((f) => f.id)).toEqual([assistant.id]);
    expect((await friendsOf(me, { keywords: 'アシ' })).list.map((f) => f.id)).toEqual([assistant.id]);
    expect((await friendsOf(me, { keywords: '%' })).total).toBe(0);
    expect((await friendsOf(me)).total).toBe(2);
  });
});

describe('notices', () => {
  it('counts unread ones and marks them read', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator');
    await befriend(a, b);
    const before = await call(t, contract.notices.list, {}, a.token);
    expect(before.body.data.unread).toBe(1);
    expect((await call(t, contract.notices.read, undefined, a.token)).http).toBe(200);
    const after = await call(t, contract.notices.list, {}, a.token);
    expect(after.body.data).toMatchObject({ unread: 0, total: 1 });
    expect(after.body.data.notices[0]?.is_unread).toBe(false);
  });

  it('renders notices in the reader’s language', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'creator', { nickname: 'Bob' });
    await befriend(a, b);
    const res = await callUnchecked(t, contract.notices.list, {}, a.token, { cookie: 'koma_lang=en' });
    expect(res.body.data.notices[0]?.message).toBe('Bob accepted your friend request');
  });

  it('pushes a live event to the open page of the person concerned', async () => {
    const a = await person(t, 'creator');
    const b = await person(t, 'editor');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}${contract.notices.stream.path}`, {
      headers: { cookie: `koma_token=${b.token}` },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    if (!res.body) throw new Error('no stream body');
    const reader = res.body.getReader();
    await reader.read(); // the retry line: the stream is open and subscribed
    await call(t, contract.matching.apply, { toUid: b.id }, a.token);
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
    const res = await call(t, contract.notices.stream, undefined);
    expect(res.body).toMatchObject({ status: 50014 });
  });
});
