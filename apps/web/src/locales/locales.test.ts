import { describe, expect, it } from 'vitest';
import en from './en.json';
import ja from './ja.json';
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

describe('locale files', () => {
  it('zh and en have exactly the keys of ja', () => {
    const reference = shape(ja).sort();
    expect(shape(zh).sort()).toEqual(reference);
    expect(shape(en).sort()).toEqual(reference);
  });

  it('hold no empty text', () => {
    for (const locale of [ja, zh, en]) {
      const empty = shape(locale).filter((p) => {
        const value = p
          .split(/\.|\[(\d+)\]/)
          .filter(Boolean)
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale);
        return value === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('have the 15 articles of the terms of use', () => {
    for (const locale of [ja, zh, en]) expect(locale.legal.terms.sections).toHaveLength(15);
  });
});
