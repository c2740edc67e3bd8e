import enApp from '@koma/shared/i18n/en/ui-app.json';
import enBoot from '@koma/shared/i18n/en/ui-boot.json';
import jaApp from '@koma/shared/i18n/ja/ui-app.json';
import jaBoot from '@koma/shared/i18n/ja/ui-boot.json';
import zhApp from '@koma/shared/i18n/zh/ui-app.json';
import zhBoot from '@koma/shared/i18n/zh/ui-boot.json';
import { describe, expect, it } from 'vitest';
import { LATIN_IN_JA } from './latin-in-ja';

// The interface texts of each language, both parts (lib/i18n.ts); that every language has the
// keys and placeholders of ja is held by packages/shared/src/i18n/resources.test.ts.
const ja = { ...jaBoot, ...jaApp };
const zh = { ...zhBoot, ...zhApp };
const en = { ...enBoot, ...enApp };

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

describe('interface texts', () => {
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
