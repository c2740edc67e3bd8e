import type { ProfileBody } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { creatorBody, editorBody, signUpAndLogin } from './accounts-fixtures.js';
import { call } from './api.js';
import type { TestApp } from './test-app.js';

export interface Person {
  id: number;
  token: string;
  nickname: string;
}

/** A confirmed, logged-in person of a kind, with an optional full profile saved through the API. */
export async function person(
  t: TestApp,
  kind: 'creator' | 'editor',
  profile: Partial<ProfileBody> = {},
): Promise<Person> {
  const { token, body } = await signUpAndLogin(t, kind === 'creator' ? creatorBody() : editorBody());
  const { id } = (await call(t, contract.profiles.me, undefined, token)).body.data;
  if (Object.keys(profile).length > 0) {
    const saved = await call(t, contract.profiles.save, profileOf(kind, body.nickname, profile), token);
    if (saved.http !== 200) throw new Error(`profile not saved: ${saved.body.info}`);
  }
  return { id, token, nickname: profile.nickname ?? body.nickname };
}

export function profileOf(
  kind: 'creator' | 'editor',
  nickname: string,
  profile: Partial<ProfileBody> = {},
): ProfileBody {
  return {
    nickname,
    type: [1],
    medias: [1],
    typebigs: [1],
    ...(kind === 'creator' ? { positions: [2], method: [2] } : { drawmethod: 1 }),
    ...profile,
  };
}
