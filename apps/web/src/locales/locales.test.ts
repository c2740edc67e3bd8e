import { describe, expect, it } from 'vitest';
import en from './en.json';
import ja from './ja.json';
import { LATIN_IN_JA } from './latin-in-ja';
import zh from './zh.json';

/** Every key path (with array lengths) of a locale file. */
function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value))
    return [`${path}[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${path}[${i}]`))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
  }
  return [path];
}

/** The value at a key path made by shape(). */
function valueAt(locale: unknown, path: string): unknown {
  return path
    .split(/\.|\[(\d+)\]/)
    .filter(Boolean)
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], locale);
}

describe('locale files', () => {
  it('zh and en have exactly the keys of ja', () => {
    const reference = shape(ja).sort();
    expect(shape(zh).sort()).toEqual(reference);
    expect(shape(en).sort()).toEqual(reference);
  });

  it('hold no empty text', () => {
    for (const locale of [ja, zh, en]) {
      const empty = shape(locale).filter((p) => valueAt(locale, p) === '');
      expect(empty).toEqual([]);
    }
  });

  it('leave no English in ja but names, file kinds and the English 404 page of the specification', () => {
    const english = shape(ja).filter((p) => {
      const text = valueAt(ja, p);
      return typeof text === 'string' && text === valueAt(en, p) && /[A-Za-z]{2,}/.test(text);
    });
    expect(english.sort()).toEqual([...LATIN_IN_JA].sort());
  });

  it('say 読み込み中… while loading (issue 18, Words)', () => {
    expect(ja.common.loading).toBe('読み込み中…');
  });

  it('have the 15 articles of the terms of use', () => {
    for (const locale of [ja, zh, en]) expect(locale.legal.terms.sections).toHaveLength(15);
  });
});
