import { describe, expect, it } from 'vitest';
import { decodeSelectData, encodeSelectData, type SignUpDraft, toRegisterBody } from './sign-up-draft';

const draft: SignUpDraft = {
  nickname: '太郎',
  email: 'taro@example.com',
  type: [1],
  loginAttr: 1,
  medias: [1, 2],
  typebigs: [5],
  positions: [2],
  method: [2],
};

describe('selectData', () => {
  it('round-trips the form without any password', () => {
    const encoded = encodeSelectData(draft);
    expect(encoded).not.toContain('password');
    expect(decodeSelectData(encoded)).toEqual(draft);
  });

  it('rejects malformed or tampered data', () => {
    expect(decodeSelectData(null)).toBeNull();
    expect(decodeSelectData('{')).toBeNull();
    expect(decodeSelectData(JSON.stringify({ ...draft, loginAttr: 3 }))).toBeNull();
    expect(decodeSelectData(JSON.stringify({ ...draft, medias: ['x'] }))).toBeNull();
  });

  it('sends null positions and methods for editors', () => {
    const body = toRegisterBody({ ...draft, loginAttr: 2 }, 'secret1');
    expect(body.positions).toBeNull();
    expect(body.method).toBeNull();
    expect(body.password).toBe('secret1');
  });
});
