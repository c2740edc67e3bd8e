import { MESSAGES, PairState } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody } from '../../test/accounts-fixtures.js';
import { call } from '../../test/api.js';
import { person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { matchOf } from './match-score.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const search = (token: string, body: object = {}) => call(t, contract.matching.search, body, token);

describe('person search', () => {
  it('finds only active people of the opposite kind, never the caller', async () => {
    const creator = await person(t, 'creator', { nickname: '反対検索の原作者' });
    const editor = await person(t, 'editor', { nickname: '反対検索の編集者' });
    await call(
      t,
      contract.accounts.register,
      creatorBody({ nickname: '反対検索の仮登録', loginAttr: 2, positions: null, method: null }),
    );

    const fromCreator = await search(creator.token, { nick: '反対検索' });
    expect(fromCreator.body.data.list.map((p) => p.nickname)).toEqual(['反対検索の編集者']);
    const fromEditor = await search(editor.token, { nick: '反対検索' });
    expect(fromEditor.body.data.list.map((p) => p.nickname)).toEqual(['反対検索の原作者']);
    expect(fromEditor.body.data.total).toBe(1);
  });

  it('computes the match of docs/matching.md and orders by it', async () => {
    const viewer = { genres: [1, 5, 6], medias: [1, 2], creativecap: [1], adscartoon: 1, publish: 1 };
    const close = { genres: [1, 5], medias: [1, 2], creativecap: [1], adscartoon: 1, publish: 2 };
    const far = { genres: [12], medias: [3], creativecap: [2], adscartoon: 2, publish: 2 };
    const me = await person(t, 'creator', {
      typebigs: viewer.genres,
      medias: viewer.medias,
      type: viewer.creativecap,
      adscartoon: 1,
      publish: 1,
    });
    for (const [nick, p] of [
      ['一致度 高', close],
      ['一致度 低', far],
    ] as const) {
      await person(t, 'editor', {
        nickname: nick,
        typebigs: p.genres,
        medias: p.medias,
        type: p.creativecap,
        adscartoon: p.adscartoon,
        publish: p.publish,
      });
    }
    const res = await search(me.token, { nick: '一致度' });
    const [first, second] = res.body.data.list;
    expect(first?.nickname).toBe('一致度 高');
    // 0.40 × 2/3 + 0.25 × 1 + 0.15 × 1 + 0.10 × 1 + 0 = 0.7667
    expect(first?.match).toBeCloseTo(matchOf(viewer, close), 6);
    expect(first?.match).toBeCloseTo(0.4 * (2 / 3) + 0.25 + 0.15 + 0.1, 6);
    expect(second?.match).toBeCloseTo(0, 6);
  });

  it('filters by genre, media, creation/essay, ad manga and pages by 10', async () => {
    const me = await person(t, 'editor');
    for (let i = 0; i < 12; i++) {
      await person(t, 'creator', {
        nickname: `絞り込み${i}`,
        typebigs: [i % 2 === 0 ? 8 : 9],
        medias: [i % 3 === 0 ? 6 : 7],
        type: [i < 6 ? 1 : 2],
        adscartoon: i % 4 === 0 ? 1 : 2,
      });
    }
    const all = await search(me.token, { nick: '絞り込み' });
    expect(all.body.data.total).toBe(12);
    expect(all.body.data.list).toHaveLength(10);
    const page2 = await search(me.token, { nick: '絞り込み', page: 2 });
    expect(page2.body.data.list).toHaveLength(2);
    const horror = await search(me.token, { nick: '絞り込み', typeb: [8] });
    expect(horror.body.data.total).toBe(6);
    const dojin = await search(me.token, { nick: '絞り込み', media: [6] });
    expect(dojin.body.data.total).toBe(4);
    const essay = await search(me.token, { nick: '絞り込み', creativecap: [2] });
    expect(essay.body.data.total).toBe(6);
    const ads = await search(me.token, { nick: '絞り込み', adscartoon: 1 });
    expect(ads.body.data.total).toBe(3);
  });
});

describe('pairing', () => {
  it('goes applied → agreed, visible in search state, incoming list and notices', async () => {
    const creator = await person(t, 'creator', { nickname: 'ペア原作者A' });
    const editor = await person(t, 'editor', { nickname: 'ペア編集者A' });

    const applied = await call(
      t,
      contract.matching.apply,
      { toUid: editor.id, message: 'よろしくお願いします' },
      creator.token,
    );
    expect(applied).toMatchObject({ http: 200, body: { info: ja.pairingSent } });
    const found = await search(creator.token, { nick: 'ペア編集者A' });
    expect(found.body.data.list[0]?.state).toBe(PairState.APPLIED);
    expect((await search(creator.token, { nick: 'ペア編集者A', status: 1 })).body.data.total).toBe(0);

    const home = await call(t, contract.dashboard.home, undefined, editor.token);
    const incoming = home.body.data.pairs;
    expect(incoming).toEqual([
      expect.objectContaining({ userid: creator.id, nick: 'ペア原作者A', message: 'よろしくお願いします' }),
    ]);
    const editorNotices = await call(t, contract.notices.list, {}, editor.token);
    expect(editorNotices.body.data.notices[0]?.message).toBe('ペア原作者Aさんからマッチング申請が届きました');

    const agreed = await call(
      t,
      contract.matching.deal,
      { msgId: incoming[0]?.msgId as number, state: 1, message: '' },
      editor.token,
    );
    expect(agreed).toMatchObject({ http: 200, body: { info: ja.pairingAgreed } });
    expect((await search(creator.token, { nick: 'ペア編集者A', status: 3 })).body.data.list[0]?.state).toBe(
      3,
    );
    const creatorNotices = await call(t, contract.notices.list, {}, creator.token);
    expect(creatorNotices.body.data.notices[0]).toMatchObject({
      message: 'ペア編集者Aさんとのマッチングが成立しました',
      is_unread: true,
    });
    expect((await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs).toEqual([]);
  });

  it('answers a second reply with 409 and leaves the state as it was', async () => {
    const creator = await person(t, 'creator');
    const editor = await person(t, 'editor');
    await call(t, contract.matching.apply, { toUid: editor.id }, creator.token);
    const msgId = (await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs[0]
      ?.msgId as number;
    expect(
      (await call(t, contract.matching.deal, { msgId, state: 2, message: 'ごめんなさい' }, editor.token))
        .http,
    ).toBe(200);
    const again = await call(t, contract.matching.deal, { msgId, state: 1, message: '' }, editor.token);
    expect(again).toMatchObject({ http: 409, body: { status: 409 } });
    const notices = await call(t, contract.notices.list, {}, creator.token);
    expect(notices.body.data.notices).toHaveLength(1);
    expect(notices.body.data.notices[0]?.message).toContain('不成立');
    expect(notices.body.data.notices[0]?.message).toContain('ごめんなさい');
  });

  it('refuses duplicates in either direction, same-kind and self requests', async () => {
    const creator = await person(t, 'creator');
    const other = await person(t, 'creator');
    const editor = await person(t, 'editor');
    await call(t, contract.matching.apply, { toUid: editor.id }, creator.token);
    expect((await call(t, contract.matching.apply, { toUid: editor.id }, creator.token)).http).toBe(409);
    expect((await call(t, contract.matching.apply, { toUid: creator.id }, editor.token)).http).toBe(409);
    const same = await call(t, contract.matching.apply, { toUid: other.id }, creator.token);
    expect(same).toMatchObject({ http: 400, body: { info: ja.pairingSameKind } });
    expect((await call(t, contract.matching.apply, { toUid: creator.id }, creator.token)).http).toBe(400);
    expect((await call(t, contract.matching.apply, { toUid: 999_999 }, creator.token)).http).toBe(404);
  });

  it('lets only the addressee answer', async () => {
    const creator = await person(t, 'creator');
    const editor = await person(t, 'editor');
    const stranger = await person(t, 'editor');
    await call(t, contract.matching.apply, { toUid: editor.id }, creator.token);
    const msgId = (await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs[0]
      ?.msgId as number;
    expect((await call(t, contract.matching.deal, { msgId, state: 1 }, stranger.token)).http).toBe(404);
    expect((await call(t, contract.matching.deal, { msgId, state: 1 }, creator.token)).http).toBe(404);
  });

  it('gives exactly one success when two answers race', async () => {
    const creator = await person(t, 'creator');
    const editor = await person(t, 'editor');
    await call(t, contract.matching.apply, { toUid: editor.id }, creator.token);
    const msgId = (await call(t, contract.dashboard.home, undefined, editor.token)).body.data.pairs[0]
      ?.msgId as number;
    const results = await Promise.all([
      call(t, contract.matching.deal, { msgId, state: 1 }, editor.token),
      call(t, contract.matching.deal, { msgId, state: 2 }, editor.token),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect((await call(t, contract.notices.list, {}, creator.token)).body.data.notices).toHaveLength(1);
  });

  it('recommends the best matches not yet paired on the dashboard', async () => {
    const me = await person(t, 'creator', { typebigs: [17, 18], medias: [8] });
    const best = await person(t, 'editor', { nickname: 'おすすめ編集者', typebigs: [17, 18], medias: [8] });
    const home = await call(t, contract.dashboard.home, undefined, me.token);
    expect(home.body.data.editor[0]).toMatchObject({ userid: best.id, nick: 'おすすめ編集者' });
    expect(home.body.data.originator).toEqual([]);
    await call(t, contract.matching.apply, { toUid: best.id }, me.token);
    const after = await call(t, contract.dashboard.home, undefined, me.token);
    expect(after.body.data.editor.map((p) => p.userid)).not.toContain(best.id);
  });
});
