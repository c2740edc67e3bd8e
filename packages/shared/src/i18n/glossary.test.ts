/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import doc from '../../../../docs/glossary.md?raw';
import { resourceTexts } from './resource-texts.js';

/**
 * docs/glossary.md names one word per thing and the words not to use for it (issue 30, §6). Its
 * table is read here, so the doc and the texts cannot drift apart.
 */
const LANGS = ['ja', 'zh', 'en'] as const;
type Lang = (typeof LANGS)[number];

interface Row {
  thing: string;
  term: Record<Lang, string>;
  not: Record<Lang, string[]>;
}

/** The table's rows: | thing | ja | not ja | zh | not zh | en | not en |, header and rule skipped. */
function glossary(): Row[] {
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const words = (cell: string | undefined) => (cell ?? '').split('、').filter(Boolean);
  return doc
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Thing') && !line.startsWith('| ---'))
    .map((line) => {
      const [thing = '', ja = '', notJa, zh = '', notZh, en = '', notEn] = cells(line);
      return {
        thing,
        term: { ja, zh, en },
        not: { ja: words(notJa), zh: words(notZh), en: words(notEn) },
      };
    });
}

/** Whether a text uses a word: as written for ja and zh, as a whole word in any case for en. */
function uses(lang: Lang, text: string, word: string): boolean {
  if (lang !== 'en') return text.includes(word);
  return new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text);
}

const rows = glossary();

describe('glossary (docs/glossary.md)', () => {
  it('is read from the doc, with the words the studio tripped over', () => {
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const notJa = rows.flatMap((row) => row.not.ja);
    expect(notJa).toEqual(expect.arrayContaining(['案件', '否決', 'プロジエクト']));
    expect(rows.find((row) => row.thing.startsWith('chapter'))?.term.ja).toBe('話');
    expect(rows.find((row) => row.thing.startsWith('send back'))?.term.ja).toBe('差し戻し');
  });

  it.each(LANGS)('%s texts use none of the words the glossary rules out', (lang) => {
    const texts = [...resourceTexts(lang)];
    const found = rows.flatMap((row) =>
      row.not[lang].flatMap((word) =>
        texts
          .filter(([, text]) => uses(lang, text, word))
          .map(([key, text]) => `${word} (${row.thing}) in ${key}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it.each(LANGS)('every %s term of the glossary is a word the texts use', (lang) => {
    const texts = [...resourceTexts(lang).values()];
    const unused = rows.filter((row) => !texts.some((text) => uses(lang, text, row.term[lang])));
    expect(unused.map((row) => `${row.term[lang]} (${row.thing})`)).toEqual([]);
  });
});
