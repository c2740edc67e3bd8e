import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorBody, signUpAndLogin } from '../../test/accounts-fixtures.js';
import { call, callUnchecked } from '../../test/api.js';
import { person, profileOf } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const save = (token: string, body: unknown) => callUnchecked(t, contract.profiles.save, body, token);

describe('profile edit', () => {
  it('saves every field and shows them in the profile popup data', async () => {
    const me = await person(t, 'creator');
    const viewer = await person(t, 'editor');
    const profile = profileOf('creator', '新しい名前', {
      type: [1, 2],
      positions: [2, 6],
      medias: [1, 3],
      typebigs: [5, 6],
      method: [1, 2],
      experience: [1, 2],
      adscartoon: 1,
      publish: 2,
      introduction: '背景が得意です',
      cartoon: 'ベルセルク',
      cartooner: '三浦建太郎',
      cute: '猫',
      theme: ['冒険', ''],
      reward: ['', '新人賞 佳作', '  '],
      introduce: 'https://portfolio.example.com/me',
      achievements: [
        { type1: 1, type2: 2, type3: 2, type4: 4, workName: '月の庭', pageNum: 32, desc: '読切' },
      ],
    });
    expect(await save(me.token, profile)).toMatchObject({ http: 200, body: { info: ja.saved } });
    const detail = await call(t, contract.profiles.detail, { uid: me.id }, viewer.token);
    expect(detail.body.data).toMatchObject({
      nickname: '新しい名前',
      positions: [2, 6],
      method: [1, 2],
      experience: [1, 2],
      adscartoon: 1,
      publish: 2,
      theme: ['冒険'],
      reward: ['新人賞 佳作'],
      introduce: 'https://portfolio.example.com/me',
      achievements: [
        { type1: 1, type2: 2, type3: 2, type4: 4, workName: '月の庭', pageNum: 32, desc: '読切' },
      ],
      friend: { status: 0 },
      pairState: 1,
    });
  });

  it('recomputes the roles when the wanted positions change', async () => {
    const me = await person(t, 'creator');
    await save(me.token, profileOf('creator', 'ロール変更', { positions: [3, 7] }));
    expect((await call(t, contract.profiles.me, undefined, me.token)).body.data.role).toBe('1,3,5,7');
  });

  it('gives the session its roles and positions as numbers too, beside the comma strings', async () => {
    const me = await person(t, 'creator');
    await save(me.token, profileOf('creator', '数値のロール', { positions: [3, 7] }));
    expect((await call(t, contract.profiles.me, undefined, me.token)).body.data).toMatchObject({
      role: '1,3,5,7',
      roleIds: [1, 3, 5, 7],
      positions: '3,7',
      positionIds: [3, 7],
    });
  });

  it.each([
    ['no nickname', { nickname: '' }, ja.nicknameRequired],
    ['no creation/essay', { type: [] }, ja.selectRequired],
    ['no media', { medias: [] }, ja.requiredField],
    ['no genre', { typebigs: [] }, ja.requiredField],
    ['no positions', { positions: [] }, ja.requiredField],
    ['a self-PR of 61', { introduction: 'あ'.repeat(61) }, ja.textTooLong],
    ['a theme of 61', { theme: ['い'.repeat(61)] }, ja.textTooLong],
    ['a bad portfolio URL', { introduce: 'not a url' }, ja.urlInvalid],
    ['a portfolio URL of 101', { introduce: `https://e.com/${'a'.repeat(90)}` }, ja.urlTooLong],
    [
      'an achievement name of 61',
      {
        achievements: [
          { type1: 1, type2: 1, type3: 1, type4: 4, workName: 'う'.repeat(61), pageNum: 1, desc: '' },
        ],
      },
      ja.textTooLong,
    ],
  ])('refuses %s and keeps the saved profile', async (_, change, info) => {
    const me = await person(t, 'creator', { introduction: '元のまま' });
    const res = await save(me.token, profileOf('creator', '名前', change));
    expect(res).toMatchObject({ http: 400, body: { info } });
    const detail = await call(t, contract.profiles.detail, { uid: me.id }, me.token);
    expect(detail.body.data.introduction).toBe('元のまま');
  });

  it('requires the editorial affiliation from editors and ignores creator-only fields', async () => {
    const editor = await person(t, 'editor');
    const missing = await save(editor.token, { ...profileOf('editor', '編集'), drawmethod: null });
    expect(missing).toMatchObject({ http: 400, body: { info: ja.selectRequired } });
    await save(editor.token, profileOf('editor', '編集', { drawmethod: 2, positions: [2], method: [1] }));
    const detail = await call(t, contract.profiles.detail, { uid: editor.id }, editor.token);
    expect(detail.body.data).toMatchObject({ drawmethod: 2, positions: [], method: [] });
    expect((await call(t, contract.profiles.me, undefined, editor.token)).body.data.role).toBe('2');
  });

  it('refuses a picture path the user did not upload', async () => {
    const me = await person(t, 'creator');
    const res = await save(
      me.token,
      profileOf('creator', '名前', { pic: '/api/files/1/2026/11/deadbeef.png' }),
    );
    expect(res).toMatchObject({ http: 400, body: { info: ja.uploadPathInvalid } });
  });

  it('answers 404 for an unknown or provisional person', async () => {
    const me = await person(t, 'creator');
    expect((await call(t, contract.profiles.detail, { uid: 999999 }, me.token)).http).toBe(404);
  });
});

describe('invisible characters in a nickname', () => {
  it('are dropped at sign-up and on a profile edit, so the name shows as it reads', async () => {
    const { token } = await signUpAndLogin(t, creatorBody({ nickname: '\u202E誠 田中\u200B' }));
    const me = (await call(t, contract.profiles.me, undefined, token)).body.data;
    expect(me.nickname).toBe('誠 田中');

    const edited = profileOf('creator', '田中\u202Eｍｏｃ.evil\u2066 誠\uFEFF');
    expect((await save(token, edited)).http).toBe(200);
    const detail = await call(t, contract.profiles.detail, { uid: me.id }, token);
    expect(detail.body.data.nickname).toBe('田中ｍｏｃ.evil 誠');
  });

  it('leave a nickname of nothing but invisible characters empty: the usual required message', async () => {
    const me = await person(t, 'creator');
    const res = await save(me.token, profileOf('creator', '\u200B\u202E\u00AD'));
    expect(res).toMatchObject({ http: 400, body: { info: ja.nicknameRequired } });
    const reg = await call(t, contract.accounts.register, creatorBody({ nickname: '\u2066\u2069' }));
    expect(reg).toMatchObject({ http: 400, body: { info: ja.nicknameRequired } });
  });
});
