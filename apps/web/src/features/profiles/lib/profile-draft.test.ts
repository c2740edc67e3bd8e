import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearDraft,
  decodeDraft,
  keepDraft,
  keptDraft,
  normaliseDraft,
  type ProfileDraft,
  toProfileBody,
} from './profile-draft';

/** The tab's session storage (the tests run in Node, which has none). */
function fakeSessionStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
  return items;
}

const draft: ProfileDraft = {
  nickname: '太郎',
  pic: '/api/files/1/2026/11/a.png',
  icon: '',
  type: [1],
  positions: [2],
  medias: [1],
  typebigs: [5],
  method: [2],
  drawmethod: null,
  experience: [1],
  adscartoon: 1,
  publish: null,
  introduction: '一行目\n二行目',
  cartoon: '',
  cartooner: '',
  cute: '',
  theme: ['宇宙'],
  reward: ['新人賞'],
  introduce: 'https://example.com',
  achievements: [{ type1: 1, type2: 2, type3: 1, type4: 4, workName: '星', pageNum: 32, desc: '' }],
};

describe('profile draft', () => {
  afterEach(() => {
    clearDraft();
    vi.unstubAllGlobals();
  });

  it('is kept for its account only, and survives a reload through session storage', async () => {
    const items = fakeSessionStorage();
    keepDraft(7, draft);
    expect(keptDraft(7)).toEqual(draft);
    expect(keptDraft(8)).toBeNull();
    // A reload: a fresh module (nothing in memory) reads the tab's storage.
    vi.resetModules();
    const fresh = await import('./profile-draft');
    expect(fresh.keptDraft(7)).toEqual(draft);
    expect(fresh.keptDraft(8)).toBeNull();
    fresh.clearDraft();
    expect(items.size).toBe(0);
    expect(fresh.keptDraft(7)).toBeNull();
  });

  it('rejects malformed data and keeps only local picture paths', () => {
    expect(decodeDraft('{')).toBeNull();
    expect(decodeDraft(JSON.stringify({ ...draft, type: ['x'] }))).toBeNull();
    const foreign = decodeDraft(
      JSON.stringify({ ...draft, pic: 'https://evil.example/a.png', icon: '//evil/a' }),
    );
    expect(foreign?.pic).toBe('');
    expect(foreign?.icon).toBe('');
  });

  it('drops empty awards and themes and trims texts', () => {
    const clean = normaliseDraft({ ...draft, nickname: ' 太郎 ', reward: ['', ' 賞 ', '  '], theme: [''] });
    expect(clean.nickname).toBe('太郎');
    expect(clean.reward).toEqual(['賞']);
    expect(clean.theme).toEqual([]);
  });

  it('sends the kind-specific fields of the kind only', () => {
    const creator = toProfileBody(draft, 1);
    expect(creator.positions).toEqual([2]);
    expect(creator.drawmethod).toBeNull();
    const editor = toProfileBody({ ...draft, drawmethod: 2 }, 2);
    expect(editor.positions).toBeNull();
    expect(editor.method).toBeNull();
    expect(editor.experience).toEqual([]);
    expect(editor.drawmethod).toBe(2);
    expect(editor.loginattr).toBe(2);
  });
});
