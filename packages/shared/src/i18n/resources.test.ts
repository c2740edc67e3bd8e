import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../enums.js';
import { resourceTexts as texts } from './resource-texts.js';

/** The `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const ja = texts('ja');

describe('translation resources', () => {
  it('hold texts, none of them empty', () => {
    expect(ja.size).toBeGreaterThan(1000);
    for (const lang of LANGUAGES) {
      const bad = [...texts(lang)].filter(([, text]) => text === '' || text.startsWith('not a text'));
      expect(bad).toEqual([]);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'ja'))('%s has exactly the namespaces and keys of ja', (lang) => {
    expect([...texts(lang).keys()].sort()).toEqual([...ja.keys()].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'ja'))('%s uses the placeholders of ja in every text', (lang) => {
    const other = texts(lang);
    const differing = [...ja]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(other.get(key) ?? '').join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });
});
