/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../enums.js';

/** Every resource file, by path (`./ja/validation.json`). */
const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

/** Every text of one language, by namespace and key path (arrays with their length). */
function texts(lang: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') found.set(at, value);
    else if (Array.isArray(value)) {
      found.set(`${at}[]`, String(value.length));
      for (const [i, v] of value.entries()) walk(v, `${at}[${i}]`);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
    } else found.set(at, `not a text: ${String(value)}`);
  };
  for (const [file, content] of Object.entries(files)) {
    const [, fileLang, namespace] = file.split('/');
    if (fileLang === lang) walk(content, (namespace ?? '').replace(/\.json$/, ''));
  }
  return found;
}

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
